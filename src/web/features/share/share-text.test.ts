import { describe, expect, it } from 'vitest';
import { buildShareLinks, buildShareText } from './share-text';

describe('share text and links', () => {
  const text = buildShareText({
    title: 'Tacos for the PTA',
    location: 'Lincoln Elementary, Austin',
    date: 'Sat, Dec 5, 2026',
    percentFunded: 42,
  });

  it('carries the title, location, date, percent funded and hashtags', () => {
    expect(text).toBe(
      'Tacos for the PTA at Lincoln Elementary, Austin on Sat, Dec 5, 2026. 42% funded! Pre-order to help it reach its goal. #FoodTruck #Fundraiser #PreOrder',
    );
  });

  it('encodes the text and the address for each target', () => {
    const links = buildShareLinks('https://fund.example/events/public/7', text);
    expect(new URL(links.x).searchParams.get('text')).toBe(text);
    expect(new URL(links.x).searchParams.get('url')).toBe('https://fund.example/events/public/7');
    expect(new URL(links.facebook).searchParams.get('u')).toBe('https://fund.example/events/public/7');
    expect(new URL(links.whatsapp).searchParams.get('text')).toBe(
      `${text} https://fund.example/events/public/7`,
    );
  });
});
