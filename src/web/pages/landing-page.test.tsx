import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../lib/i18n-runtime';
import { renderWithApp } from '../test/render';
import { LandingPage } from './landing-page';
import { NotFoundPage } from './not-found-page';

describe('the landing page', () => {
  afterEach(() => switchLanguage('en'));

  it("says the spec's English words, the sample's dollars as before", () => {
    const { container } = renderWithApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fundraising with Food Trucks');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Browse Events' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Create Event',
      'Share and Fund',
      'Get Paid',
    ]);
    expect(container.textContent).toContain('$420 of $500 · 37 backers');
    expect(container.textContent).toContain('Al Pastor Taco · $11.50');
    expect(document.title).toBe('Fundraising with Food Trucks · Food Truck Fund');
  });

  it('says everything in Spanish on a Spanish page', async () => {
    await switchLanguage('es');
    const { container } = renderWithApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recauda fondos con food trucks');
    expect(screen.getByRole('link', { name: 'Comenzar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver eventos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cómo funciona' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Crea el evento',
      'Comparte y financia',
      'Recauda',
    ]);
    expect(container.textContent).toContain('de $500 · 37 personas apoyan');
    expect(container.textContent).toContain('Taco al pastor · $11.50');
    // No English sentence of the page is left (names and the brand aside).
    for (const english of [
      'Sign in to manage',
      'For organizers',
      'For food trucks',
      'No goal, no charge',
      'Example',
    ])
      expect(container.textContent).not.toContain(english);
  });
});

describe('the not-found page', () => {
  afterEach(() => switchLanguage('en'));

  it('says where to go in either language', async () => {
    renderWithApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    cleanup();
    await switchLanguage('es');
    renderWithApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toBeTruthy();
  });
});
