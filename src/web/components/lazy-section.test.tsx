import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazySection } from './lazy-section';

/** An IntersectionObserver the test moves: `scrollNear()` reports every observed element in view. */
let observed: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
function scrollNear() {
  for (const { callback, elements } of observed)
    callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
}

beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      elements: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback, elements: this.elements });
      }
      observe(element: Element) {
        this.elements.push(element);
      }
      disconnect() {
        this.elements.length = 0;
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('LazySection', () => {
  it('holds its place and says what is loading until it comes near the screen, then shows the part', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>The invite form</p> }));
    const Part = lazy(load);
    render(
      // A label no other file's page uses: components share one module graph per worker (isolate: false),
      // and a section shown there is remembered as shown in this visit.
      <LazySection label="the invite form (first visit)" minHeight={260}>
        <Part />
      </LazySection>,
    );
    const placeholder = screen.getByRole('status');
    expect(placeholder.textContent).toBe('Loading the invite form (first visit)…');
    expect(placeholder.style.getPropertyValue('--phone-height')).toBe('260px');
    expect(placeholder.style.getPropertyValue('--wide-height')).toBe('260px');
    expect(load).not.toHaveBeenCalled();

    await act(async () => scrollNear());
    expect(await screen.findByText('The invite form')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads at a key press (find in page, Tab), and at once when its page comes back (Back)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>The truck details</p> }));
    const Part = lazy(load);
    const section = (
      <LazySection label="the truck details (keys)" minHeight={300}>
        <Part />
      </LazySection>
    );
    const first = render(section);
    expect(screen.getByRole('status').textContent).toBe('Loading the truck details (keys)…');
    await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', ctrlKey: true })));
    expect(await screen.findByText('The truck details')).toBeTruthy();
    first.unmount();

    // The page again, as Back draws it: the section is there without waiting to come near the screen.
    render(section);
    expect(screen.getByText('The truck details')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('says so in place of the part when its code fails to load', async () => {
    const Part = lazy(() => Promise.reject(new Error('offline')));
    render(
      <LazySection label="the map" minHeight={420}>
        <Part />
      </LazySection>,
    );
    await act(async () => scrollNear());
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the map.');
    // React logs the error the boundary caught: expected here.
    expect(vi.mocked(console.error).mock.calls.join(' ')).toContain('offline');
    vi.mocked(console.error).mockClear();
  });
});
