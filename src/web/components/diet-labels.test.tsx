import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALLERGEN_LABELS, ALLERGENS, DIETARY_TAG_LABELS, DIETARY_TAGS } from '@core/dietary';
import { switchLanguage } from '../lib/i18n-runtime';
import { DietFilterBar } from './diet-filter';
import { DietLabels } from './diet-labels';

describe('a dish’s dietary labels', () => {
  afterEach(() => switchLanguage('en'));

  it("says core's words for every tag and allergen in English", () => {
    render(<DietLabels tags={DIETARY_TAGS} allergens={ALLERGENS} />);
    const tags = screen.getByRole('list', { name: 'Dietary' });
    for (const tag of DIETARY_TAGS) expect(tags.textContent).toContain(DIETARY_TAG_LABELS[tag].label);
    expect(screen.getByText('Contains:').parentElement!.textContent).toContain(
      ALLERGENS.map((a) => ALLERGEN_LABELS[a]).join(', '),
    );
  });

  it('says them in Spanish on a Spanish page, the marks unchanged', async () => {
    await switchLanguage('es');
    render(<DietLabels tags={['vegan', 'gluten-free']} allergens={['peanuts', 'milk']} />);
    const tags = screen.getByRole('list', { name: 'Dieta' });
    expect(tags.textContent).toBe('VGVeganoGFSin gluten');
    expect(screen.getByText('Contiene:').parentElement!.textContent).toBe('⚠ Contiene: Cacahuates, Leche');
  });

  it('filters the menu in Spanish, counting dishes with the right plural', async () => {
    await switchLanguage('es');
    const items = [
      { dietaryTags: ['vegan' as const], allergens: [] },
      { dietaryTags: [], allergens: ['peanuts' as const] },
    ];
    render(
      <DietFilterBar items={items} filter={{ tags: ['vegan'], without: [] }} onChange={vi.fn()} shown={1} />,
    );
    expect(screen.getByRole('group', { name: 'Filtrar el menú' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vegano' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Sin cacahuates' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Mostrando 1 de 2 platillos');
  });

  it('keeps the English filter words', () => {
    const items = [{ dietaryTags: ['halal' as const], allergens: ['sesame' as const] }];
    render(
      <DietFilterBar items={items} filter={{ tags: [], without: ['sesame'] }} onChange={vi.fn()} shown={0} />,
    );
    expect(screen.getByRole('button', { name: 'No sesame' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 0 of 1 dish');
  });
});
