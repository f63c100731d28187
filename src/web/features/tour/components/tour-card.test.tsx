import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_TOUR_PROGRESS, TOUR_STEPS, type TourStep } from '@core/tour';
import { TRUCK_TOUR_STEPS } from '@core/truck-tour';
import { translate } from '@web/lib/i18n';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { TourCard } from './tour-card';

function renderStep(step: TourStep, truck: boolean, index = 0) {
  render(
    <TourCard
      step={step}
      index={index}
      total={3}
      progress={{ ...INITIAL_TOUR_PROGRESS, active: true, points: 10, badges: ['🎉'] }}
      truck={truck}
      targetAvailable={false}
      onNext={vi.fn()}
      onSkip={vi.fn()}
    />,
  );
}

describe('TourCard', () => {
  afterEach(() => switchLanguage('en'));

  it("keeps every step's English words as core's tours say them", () => {
    for (const [steps, group] of [
      [TOUR_STEPS, 'steps'],
      [TRUCK_TOUR_STEPS, 'truckSteps'],
    ] as const) {
      for (const step of steps) {
        expect(translate(`tour.${group}.${step.id}.title`, undefined, 'app')).toBe(step.title);
        expect(translate(`tour.${group}.${step.id}.description`, undefined, 'app')).toBe(step.description);
      }
    }
  });

  it('shows a step in English', () => {
    renderStep(TOUR_STEPS[0]!, false);
    const card = screen.getByRole('dialog', { name: 'Welcome to Food Truck Fund!' });
    expect(card.textContent).toContain('Step 1 of 3');
    expect(card.textContent).toContain('Reward: +10 points');
    expect(card.textContent).toContain('10 points so far · badges ');
    expect(screen.getAllByRole('img', { name: 'Party badge' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Skip tour' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("shows a truck's step in Spanish, its own welcome rather than the organizers'", async () => {
    await switchLanguage('es');
    renderStep(TRUCK_TOUR_STEPS[0]!, true, 2);
    const card = screen.getByRole('dialog', { name: '¡Te damos la bienvenida a Food Truck Fund!' });
    expect(card.textContent).toContain('Paso 3 de 3');
    expect(card.textContent).toContain('Recompensa: +10 puntos');
    expect(card.textContent).toContain('donde respondes solicitudes');
    expect(screen.getAllByRole('img', { name: 'Insignia Fiesta' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Saltar el recorrido' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terminar' })).toBeTruthy();
  });
});
