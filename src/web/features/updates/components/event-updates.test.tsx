import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UPDATE_MAX_LENGTH } from '@core/schemas/momentum';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { fakeApi, renderWithApp } from '@web/test/render';
import { EventUpdates } from './event-updates';

describe('EventUpdates: posting', () => {
  it('refuses an empty update', async () => {
    const calls = fakeApi({ 'GET /api/events/42/updates': [200, []] });
    const { user } = renderWithApp(<EventUpdates eventId={42} canPost />);
    await user.click(await screen.findByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write something to post');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's message for the text field under it", async () => {
    fakeApi({
      'GET /api/events/42/updates': [200, []],
      'POST /api/events/42/updates': [
        429,
        {
          code: 'updates_per_day_exceeded',
          message: 'This event already sent 10 updates today',
          errors: { text: 'Ten updates a day at most' },
        },
      ],
    });
    const { user } = renderWithApp(<EventUpdates eventId={42} canPost />);
    await user.type(await screen.findByLabelText('Post an update'), 'Doors open at 6');
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ten updates a day at most');
    expect(screen.getByText(new RegExp(`/${UPDATE_MAX_LENGTH}\\)`))).toBeTruthy();
  });
});

describe('EventUpdates in Spanish', () => {
  afterEach(() => switchLanguage('en'));

  it('reads the updates with Spanish words and the date in Spanish, and posts in Spanish', async () => {
    await switchLanguage('es');
    fakeApi({
      'GET /api/events/42/updates': [
        200,
        [
          {
            id: 1,
            authorName: 'Taco Loco',
            authorRole: 'truck',
            text: 'Llegamos a las 5:30',
            createdAt: '2026-12-05T17:30:00.000Z',
          },
        ],
      ],
      'POST /api/events/42/updates': [201, { id: 2, recipients: 3 }],
    });
    const { user } = renderWithApp(<EventUpdates eventId={42} canPost />);
    const list = await screen.findByRole('list', { name: 'Novedades, las más recientes primero' });
    expect(list.textContent).toContain('Taco Loco · Food truck · ');
    const time = list.querySelector('time')!;
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-12-05T17:30:00.000Z'),
      ),
    );
    expect(time.textContent).toMatch(/dic/);
    await user.click(await screen.findByRole('button', { name: 'Publicar novedad' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe algo para publicar');
    await user.type(screen.getByLabelText('Publicar una novedad'), 'Abrimos a las 6');
    await user.click(screen.getByRole('button', { name: 'Publicar novedad' }));
    expect(await screen.findByText('Se envió por correo a 3 comensales.')).toBeTruthy();
  });
});
