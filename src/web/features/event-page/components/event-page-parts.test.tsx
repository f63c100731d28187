import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItemDto } from '@contract/menu';
import { pendingEvent } from '@web/test/fixtures';
import { EventHero } from './event-hero';
import { DietLabels, MenuGrid } from './menu-grid';
import { OrganizerCause } from './organizer-cause';
import { StickyCartBar } from './sticky-cart-bar';

/** "$10.00" → 1000 */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const amounts = (text: string) => [...text.matchAll(/\$[\d,]+\.\d{2}/g)].map((m) => cents(m[0]));

describe('StickyCartBar', () => {
  it('shows the item count and total, the item just added, and opens the cart', async () => {
    const open = vi.fn();
    render(<StickyCartBar itemCount={3} totalCents={3450} lastAdded="Horchata" onOpenCart={open} />);
    const bar = screen.getByRole('region', { name: 'Cart summary' });
    expect(within(bar).getByText('3 items · $34.50')).toBeTruthy();
    expect(within(bar).getByText('Added Horchata')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'View cart' }));
    expect(open).toHaveBeenCalledOnce();
  });

  it('says "1 item" for one', () => {
    render(<StickyCartBar itemCount={1} totalCents={1050} lastAdded={null} onOpenCart={() => {}} />);
    expect(screen.getByText('1 item · $10.50')).toBeTruthy();
    expect(screen.queryByText(/^Added/)).toBeNull();
  });
});

describe('OrganizerCause', () => {
  it('shows the organizer and their cause in their own words, line breaks kept', () => {
    render(
      <OrganizerCause
        organizerName="Lincoln PTA"
        cause={'New books for the library.\nThank you!'}
        truckName="Taco Loco"
        markupPercentage={10}
      />,
    );
    const card = screen.getByRole('region', { name: "Why we're raising" });
    expect(within(card).getByText('Lincoln PTA', { exact: true })).toBeTruthy();
    const quote = within(card).getByText(/New books for the library/);
    expect(quote.textContent).toBe('New books for the library.\nThank you!');
    expect(
      within(card).getByText("10% on top of each menu price goes to Lincoln PTA's fundraising."),
    ).toBeTruthy();
  });

  it('still names the organizer without a cause, and says nothing of a markup there is none of', () => {
    render(<OrganizerCause organizerName="Olivia" cause={null} truckName="Taco Loco" markupPercentage={0} />);
    expect(screen.getByText(/Olivia is bringing Taco Loco to this event/)).toBeTruthy();
    expect(screen.queryByText(/on top of each menu price/)).toBeNull();
  });
});

const item = (id: number, name: string, price: string): MenuItemDto =>
  ({
    id,
    foodTruckId: 7,
    currency: 'USD',
    name,
    description: null,
    price,
    image: null,
    category: 'Entree',
    isActive: true,
    stockPerEvent: null,
    dietaryTags: [],
    allergens: [],
  }) as MenuItemDto;

describe('MenuGrid price breakdown', () => {
  it('shows menu price, markup and fee per item, adding up to the price a diner pays', () => {
    render(
      <MenuGrid
        items={[item(1, 'Taco', '10.00'), item(2, 'Odd', '3.33'), item(3, 'Elote', '7.77')]}
        markupBasisPoints={1250}
        onAdd={undefined}
      />,
    );
    for (const name of ['Taco', 'Odd', 'Elote']) {
      const card = screen.getByRole('article', { name });
      const breakdown = within(card).getByTestId('price-breakdown').textContent!;
      expect(breakdown).toMatch(/menu price \+ .* organizer markup \+ .* platform fee \(5%\)/);
      const price = cents(within(card).getByText(/^\$\d+\.\d{2}$/).textContent!);
      expect(amounts(breakdown).reduce((a, b) => a + b, 0)).toBe(price);
    }
    expect(screen.getByRole('article', { name: 'Taco' }).textContent).toContain(
      '$10.00 menu price + $1.25 organizer markup + $0.50 platform fee (5%)',
    );
  });

  it('leaves the markup out when there is none', () => {
    render(<MenuGrid items={[item(1, 'Taco', '10.00')]} markupBasisPoints={0} onAdd={undefined} />);
    expect(screen.getByTestId('price-breakdown').textContent).toBe(
      '$10.00 menu price + $0.50 platform fee (5%)',
    );
  });
});

describe('MenuGrid stock', () => {
  it('says how many are left near the end, and a sold-out item cannot be added', () => {
    const items = [item(1, 'Brisket', '12.00'), item(2, 'Taco', '3.00'), item(3, 'Elote', '4.00')];
    render(
      <MenuGrid
        items={items}
        markupBasisPoints={0}
        onAdd={() => {}}
        left={
          new Map([
            [1, 0],
            [2, 3],
            [3, 40],
          ])
        }
        inCart={(id) => (id === 2 ? 3 : 0)}
      />,
    );
    const brisket = screen.getByRole('article', { name: 'Brisket' });
    expect(within(brisket).getByText('Sold out', { selector: 'p' })).toBeTruthy();
    expect(
      within(brisket)
        .getByRole('button', { name: /Sold out/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    const taco = screen.getByRole('article', { name: 'Taco' });
    expect(within(taco).getByText('3 left')).toBeTruthy();
    expect(
      within(taco)
        .getByRole('button', { name: /All left are in your cart/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    const elote = screen.getByRole('article', { name: 'Elote' });
    expect(within(elote).queryByText(/left|Sold out/)).toBeNull();
    expect(
      within(elote)
        .getByRole('button', { name: /Add to Cart/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });
});

describe('MenuGrid dietary labels', () => {
  // As the server does before it renders the page: the labels' code is loaded ahead.
  beforeAll(async () => {
    await DietLabels.preload();
  });
  it('names each tag in words beside its mark, and the allergens a dish contains', () => {
    render(
      <MenuGrid
        items={[
          {
            ...item(1, 'Elote', '5.00'),
            dietaryTags: ['vegetarian', 'gluten-free'],
            allergens: ['milk', 'eggs'],
          },
          item(2, 'Horchata', '3.50'),
        ]}
        markupBasisPoints={0}
        onAdd={undefined}
      />,
    );
    const elote = screen.getByRole('article', { name: 'Elote' });
    const tags = within(within(elote).getByRole('list', { name: 'Dietary' })).getAllByRole('listitem');
    // The mark is hidden from screen readers; the words are what every reader gets.
    expect(tags.map((tag) => tag.textContent)).toEqual(['VVegetarian', 'GFGluten-free']);
    expect(within(elote).getByText('Contains:').parentElement!.textContent).toContain('Contains: Milk, Eggs');
    expect(within(screen.getByRole('article', { name: 'Horchata' })).queryByText('Contains:')).toBeNull();
  });

  it('shows only the dishes a filter lets through, and says so when none does', () => {
    const items = [item(1, 'Taco', '4.50'), item(2, 'Elote', '5.00')];
    const { rerender } = render(<MenuGrid items={items} visible={[items[1]!]} markupBasisPoints={0} />);
    expect(screen.queryByRole('article', { name: 'Taco' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Elote' })).toBeTruthy();
    rerender(<MenuGrid items={items} visible={[]} markupBasisPoints={0} />);
    expect(screen.getByText('No dishes match these filters.')).toBeTruthy();
  });
});

describe('EventHero', () => {
  const now = new Date('2030-05-29T12:00:00Z');

  it("shows the event's cover first, fetched with high priority and a reserved size", () => {
    render(<EventHero event={{ ...pendingEvent, coverImageUrl: '/images/cover.webp' }} now={now} />);
    const img = screen.getByRole('img', { name: 'Block party' });
    expect(img.getAttribute('src')).toBe('/images/cover.webp');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBeTruthy();
    expect(img.getAttribute('height')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Block party' })).toBeTruthy();
    expect(screen.getByText('Olivia')).toBeTruthy();
  });

  it("falls back to the truck's photo, then to a drawn truck", () => {
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    const { unmount } = render(
      <EventHero
        event={{ ...pendingEvent, foodTruck: { ...pendingEvent.foodTruck, profileImage: photo } }}
        now={now}
      />,
    );
    expect(screen.getByRole('img', { name: 'Taco Town food truck' }).getAttribute('src')).toBe(photo);
    unmount();
    render(<EventHero event={pendingEvent} now={now} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('hero-fallback')).toBeTruthy();
  });

  it('says when a late event ends the next day', () => {
    render(<EventHero event={{ ...pendingEvent, startTime: '22:00', endTime: '02:00' }} now={now} />);
    expect(screen.getByText(/the next day/)).toBeTruthy();
  });
});
