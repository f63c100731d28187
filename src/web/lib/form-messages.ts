import { useLanguage, useT, type TranslateValues } from './i18n';

/**
 * The form schemas' messages (src/core/schemas, shared by the server and the browser, in the spec's
 * English) by their key under `formMessages.` in the `common` catalog. Written out here rather than
 * imported, so the diner's page script does not carry the schemas; form-messages.test.ts checks that
 * every text still occurs in them, so a reworded message fails a test instead of showing in English.
 */
export const FORM_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 50 characters',
  usernameCharacters: 'Username may use letters, digits and _ . @ - only',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 10 characters',
  passwordTooLong: 'Password must be at most 1024 characters',
  passwordTooCommon: 'This password is too common or has appeared in a data breach. Please choose another.',
  passwordIsUsername: 'Your password must not be your username',
  selectRole: 'Please select your role',
  invalidEmailAddress: 'Invalid email address',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  incorrectCurrentPassword: 'Incorrect current password',
  loginRequired: 'Enter your username or e-mail address',
  linkIncomplete: 'This link is incomplete',
  linkInvalid: 'This link is not valid',
  missingInformation: 'Please provide both your name and email address',
  invalidEmail: 'Please provide a valid email address',
  orderTooLarge: 'An order can be at most $999,999.99',
  emptyCart: 'Please add items to your cart before checking out',
  orderNoteTooLong: 'The note to the truck can be at most 200 characters',
  quantityAtLeastOne: 'Quantity must be at least 1',
  atMost100OfOneItem: 'At most 100 of one item',
  atMost50Items: 'At most 50 different items in one order',
  tipPercent: 'A tip percentage is 10, 15 or 20',
  tipInCents: 'A tip must be an amount in cents',
  tipWholeCents: 'A tip must be whole cents',
  tipNegative: 'A tip cannot be negative',
  choosePickupTime: 'Please choose a pickup time',
  mobileNumber: 'Please enter a mobile number',
  promoCodeTooLong: 'A promo code is at most 32 characters',
  giftInCents: 'A gift must be an amount in cents',
  giftWholeCents: 'A gift must be whole cents',
  giftNegative: 'A gift cannot be negative',
  tipNotBoth: 'Choose a tip percentage or a tip amount, not both',
  validEmails: 'Please enter valid email addresses',
  atLeastOneEmail: 'Please enter at least one email address',
  atMost50Addresses: 'At most 50 addresses at a time',
  linkTooLong: 'A link is at most 300 characters',
  linkScheme: 'A link starts with https:// or http://',
  sponsorNameRequired: "A sponsor's name is required",
  nameTooLong: 'A name is at most 80 characters',
  codeFormat: 'A code is 3 to 32 letters, digits, - or _',
  percentWhole: 'A percentage is a whole number',
  percentRange: 'A percentage is 1 to 100',
  amountWholeCents: 'An amount is whole cents',
  codeUsedOnce: 'A code is used at least once',
  expiryInstant: 'An expiry is an instant (ISO 8601)',
  percentOrAmount: 'Give a percentage off or an amount off, one of the two',
  endBeforeStart: 'End time must be after the start time',
  goalAboveZero: 'The sales goal must be more than $0.00',
  causeTooLong: 'Please keep this under 2,000 characters',
  positiveAmount: 'Must be a positive amount',
  amountTooLarge: 'Must be at most $99,999,999.99',
  timeFormat: 'Use the HH:MM format',
  invalidDateFormat: 'Invalid date format',
  titleRequired: 'Title is required',
  locationRequired: 'Location is required',
  wholeNumber: 'Must be a whole number',
  atLeastOneDiner: 'Must have at least 1 diner',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  unknownTimeZone: 'Unknown time zone',
  minimumSalesRequired: 'Minimum sales is required',
  truckRequired: 'Food truck selection is required',
  setMinimumGoal: 'Please set a minimum sales goal',
  reasonTooLong: 'Please keep the reason under 500 characters',
  acceptOrDecline: 'Please accept or decline the change',
  startInPast: 'The new start must be in the future',
  sameAsNow: 'The date, times and place are the same as now',
  invalidId: 'Not a valid id',
  itemNameRequired: 'Item name is required',
  priceRequired: 'Price is required',
  priceNumber: 'Price must be a number',
  pricePositive: 'Price must be greater than 0',
  priceTooLarge: 'Price must be at most $100,000.00',
  twoDecimals: 'Use at most 2 decimals',
  stockWhole: 'Stock per event must be a whole number',
  stockNegative: 'Stock per event cannot be negative',
  stockTooLarge: 'Stock per event can be at most 10,000',
  nothingToChange: 'Nothing to change',
  writeSomething: 'Write something to post',
  updateTooLong: 'Updates are at most 1000 characters',
  businessNameRequired: 'Business name is required',
  minimumSalesNegative: 'Minimum sales cannot be negative',
  unknownMailKind: 'Unknown kind of mail',
  passwordForNewEmail:
    'Enter your current password to change your e-mail address: password reset links go there',
  chooseCurrency: 'Choose one of the currencies offered',
  imageTooLarge: 'Image size should be less than 5MB',
  taxRate: 'A sales-tax rate is whole basis points from 0 (none) to 2500 (25%): 8.25% is 825',
  taxOnFood: 'Say whether the tax applies to the food',
  taxOnMarkup: 'Say whether the tax applies to the markup',
  required: 'Required',
  invalidInput: 'Invalid input',
  invalidEmailShort: 'Invalid email',
  invalidOption: 'Invalid enum value',
  invalidDate: 'Invalid date',
  expectedNumber: 'Expected number, received nan',
} as const;

/** An amount as the English sentences write it (en-US): "$1.00", "MX$20.00", "€500.00", "¥75,000". */
const AMOUNT = '(-?[A-Z]{0,2}[$€£¥][\\d.,]+)';

/**
 * Messages with a number or a name in them: zod's generic bounds (zod-messages.ts), the truck's goal,
 * and the limits of a currency.
 */
const PATTERNS: readonly [RegExp, (match: RegExpExecArray) => [key: string, values: TranslateValues]][] = [
  [/^String must contain at most (\d+) characters?$/, (m) => ['textAtMost', { count: Number(m[1]) }]],
  [/^String must contain at least (\d+) characters?$/, (m) => ['textAtLeast', { count: Number(m[1]) }]],
  [/^Array must contain at most (\d+) elements?$/, (m) => ['listAtMost', { count: Number(m[1]) }]],
  [/^Array must contain at least (\d+) elements?$/, (m) => ['listAtLeast', { count: Number(m[1]) }]],
  [/^Number must be greater than or equal to (-?[\d.]+)$/, (m) => ['numberAtLeast', { n: m[1] }]],
  [/^Number must be less than or equal to (-?[\d.]+)$/, (m) => ['numberAtMost', { n: m[1] }]],
  [/^Number must be greater than (-?[\d.]+)$/, (m) => ['numberAbove', { n: m[1] }]],
  [/^Number must be less than (-?[\d.]+)$/, (m) => ['numberBelow', { n: m[1] }]],
  // A limit of the event's currency, the amount in it (src/core/currency-limits.ts): "$500.00", "¥75,000".
  [new RegExp(`^A tip can be at most ${AMOUNT}$`), (m) => ['tipTooLarge', { amount: m[1] }]],
  [new RegExp(`^A gift can be at most ${AMOUNT}$`), (m) => ['giftTooLarge', { amount: m[1] }]],
  [new RegExp(`^A gift on its own is at least ${AMOUNT}$`), (m) => ['giftAlone', { amount: m[1] }]],
  [new RegExp(`^An amount off is at least ${AMOUNT}$`), (m) => ['amountOffMin', { amount: m[1] }]],
  [new RegExp(`^An amount off is at most ${AMOUNT}$`), (m) => ['amountOffMax', { amount: m[1] }]],
  [new RegExp(`^At least ${AMOUNT}$`), (m) => ['atLeastOneDollar', { amount: m[1] }]],
  [
    /^The sales goal must be at least (.+?), (.+)'s minimum sales$/,
    (m) => ['goalBelowMinimum', { amount: m[1], truckName: m[2] }],
  ],
];

const KEY_BY_TEXT = new Map<string, string>(Object.entries(FORM_MESSAGES).map(([key, text]) => [text, key]));

/** A schema message's catalog key and values, or null for any other text (a server's, one already translated). */
export function formMessageKey(message: string): [key: string, values?: TranslateValues] | null {
  const key = KEY_BY_TEXT.get(message);
  if (key) return [key];
  for (const [pattern, read] of PATTERNS) {
    // Not an API error (decision 216): the schemas' own words, which form-messages.test.ts holds to them.
    // eslint-disable-next-line architecture/no-message-matching
    const match = pattern.exec(message);
    if (match) return read(match);
  }
  return null;
}

/**
 * A form's message in the page's language: a schema's English words through the catalog; anything
 * else as it is. English pages show the schema's words themselves.
 */
export function useFormMessage(): (message: string | undefined) => string | undefined {
  const language = useLanguage();
  const t = useT();
  return (message) => {
    if (message === undefined || language === 'en') return message;
    const known = formMessageKey(message);
    if (!known) return message;
    const key = `formMessages.${known[0]}`;
    const said = t(key, known[1]);
    return said === key ? message : said;
  };
}
