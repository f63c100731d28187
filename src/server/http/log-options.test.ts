import { describe, expect, it } from 'vitest';
import { capLogObject, LOG_LINE_MAX_CHARS, safeLoggerOptions, scrubText, scrubUrl } from './log-options';

describe('log scrubbing', () => {
  it('keeps query names, never their values', () => {
    expect(scrubUrl('/api/geocode?location=12%20Elm%20St&x=1')).toBe('/api/geocode?location=…&x=…');
    expect(scrubUrl('/api/events/7')).toBe('/api/events/7');
  });

  it('hides e-mail addresses and inline images, and cuts long text', () => {
    expect(scrubText('order for dana.d+1@example.co.uk failed')).toBe('order for [email] failed');
    expect(scrubText('img data:image/png;base64,iVBORw0KGgo=')).toBe('img [image]');
    expect(scrubText('y'.repeat(5000), 10)).toBe(`${'y'.repeat(10)}… [4990 more characters]`);
  });

  it('drops bodies, parameters and cookies, serializes errors, and caps the line', () => {
    const err = Object.assign(new Error('insert failed for a@b.io'), { params: ['a@b.io'], code: '22P02' });
    const line = capLogObject({
      err,
      body: { password: 'x' },
      headers: { cookie: 'sid=abc' },
      big: 'z'.repeat(10 * 1024 * 1024),
    });
    const text = JSON.stringify(line);
    expect(text.length).toBeLessThanOrEqual(LOG_LINE_MAX_CHARS);
    expect(text).not.toMatch(/a@b\.io|password|sid=abc/);
    expect(line.err).toMatchObject({ type: 'Error', message: 'insert failed for [email]', code: '22P02' });
  });

  it('keeps an error’s own type through pino', async () => {
    const { default: pino } = await import('pino');
    const lines: string[] = [];
    const logger = pino({ ...safeLoggerOptions() }, { write: (line: string) => void lines.push(line) });
    class GeocoderDown extends Error {}
    logger.warn({ err: new GeocoderDown('down for bob@example.com') }, 'lookup failed');
    expect(JSON.parse(lines[0]!).err).toMatchObject({ type: 'GeocoderDown', message: 'down for [email]' });
  });

  it('writes a request as method, path and caller only', () => {
    const line = capLogObject({
      req: { id: 'r1', method: 'POST', url: '/api/login?next=%2F', ip: '10.0.0.1', body: { password: 'p' } },
    });
    expect(line.req).toEqual({ id: 'r1', method: 'POST', url: '/api/login?next=…', ip: '10.0.0.1' });
  });
});
