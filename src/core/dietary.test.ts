import { describe, expect, it } from 'vitest';
import { fitsDiet } from './dietary';
import { menuItemSchema, menuItemUpdateSchema } from './schemas/menu';
import { createPaymentIntentSchema } from './schemas/checkout';

const elote = { dietaryTags: ['vegetarian', 'gluten-free'], allergens: ['milk', 'eggs'] };

describe('fitsDiet', () => {
  it('keeps a dish with every tag asked for and none of the allergens to avoid', () => {
    expect(fitsDiet(elote, { tags: [], without: [] })).toBe(true);
    expect(fitsDiet(elote, { tags: ['vegetarian'], without: ['peanuts'] })).toBe(true);
    expect(fitsDiet(elote, { tags: ['vegetarian', 'vegan'], without: [] })).toBe(false);
    expect(fitsDiet(elote, { tags: [], without: ['milk'] })).toBe(false);
  });
});

describe('the menu item schema’s tags and allergens', () => {
  const base = { name: 'Elote', price: 5 };
  it('keeps each once, in the list’s order, and defaults to none', () => {
    expect(menuItemSchema.parse(base)).toMatchObject({ dietaryTags: [], allergens: [] });
    expect(
      menuItemSchema.parse({
        ...base,
        dietaryTags: ['vegan', 'vegetarian', 'vegan'],
        allergens: ['sesame', 'milk'],
      }),
    ).toMatchObject({ dietaryTags: ['vegetarian', 'vegan'], allergens: ['milk', 'sesame'] });
    expect(menuItemUpdateSchema.parse({ allergens: [] })).toEqual({ allergens: [] });
  });

  it('refuses an unknown one, naming what is allowed', () => {
    const result = menuItemSchema.safeParse({ ...base, dietaryTags: ['paleo'] });
    expect(result.error?.issues[0]?.message).toBe(
      'Unknown dietary tag: use vegetarian, vegan, gluten-free, dairy-free, halal, kosher',
    );
  });
});

describe('the checkout’s note to the truck', () => {
  const order = {
    items: [{ menuItemId: 1, quantity: 1 }],
    customerName: 'Dana',
    customerEmail: 'dana@example.com',
    amount: 1050,
  };
  it('is trimmed, empty is none, and at most 200 characters', () => {
    expect(createPaymentIntentSchema.parse({ ...order, note: '  no onions ' }).note).toBe('no onions');
    expect(createPaymentIntentSchema.parse({ ...order, note: '   ' }).note).toBeNull();
    expect(createPaymentIntentSchema.parse(order).note).toBeNull();
    expect(createPaymentIntentSchema.parse({ ...order, note: ` ${'x'.repeat(200)} ` }).note).toHaveLength(
      200,
    );
    expect(
      createPaymentIntentSchema.safeParse({ ...order, note: 'x'.repeat(201) }).error?.issues[0]?.message,
    ).toBe('The note to the truck can be at most 200 characters');
  });
});
