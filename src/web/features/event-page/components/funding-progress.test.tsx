import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { FundingProgress } from './funding-progress';

const backers = (count: number) =>
  render(
    <FundingProgress
      currentSales="310.00"
      minimumSales="500.00"
      backerCount={count}
      story={{ progress: 'gap', backers: 'invite' }}
    />,
  );

describe('the backer count under the progress', () => {
  afterEach(() => switchLanguage('en'));

  it('reads naturally for none, one and many', () => {
    for (const [count, sentence] of [
      [0, 'Be the first to pre-order'],
      [1, '1 diner has pre-ordered'],
      [23, '23 diners have pre-ordered'],
      [1204, '1,204 diners have pre-ordered'],
    ] as const) {
      const { unmount } = backers(count);
      expect(screen.getByText(sentence)).toBeTruthy();
      unmount();
    }
  });

  it('speaks Spanish on a Spanish page', async () => {
    await switchLanguage('es');
    backers(1204);
    expect(screen.getByText('1,204 comensales ya hicieron su pedido')).toBeTruthy();
  });
});
