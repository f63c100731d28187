import { describe, expect, it } from 'vitest';
import { z } from './zod-messages';
import {
  changePasswordFormSchema,
  loginSchema,
  newPasswordSchema,
  PASSWORD_TOO_COMMON,
  registerFormSchema,
  registerRequestSchema,
} from './auth';

function messages(result: { success: boolean; error?: z.ZodError }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('generic messages', () => {
  it('speak as the product does', () => {
    const schema = z.object({
      a: z.string(),
      b: z.number(),
      c: z.string().min(3),
      d: z.number().max(10),
      e: z.email(),
      f: z.enum(['x', 'y']),
      g: z.array(z.string()).min(1),
    });
    expect(messages(schema.safeParse({ b: 'no', c: 'ab', d: 11, e: 'nope', f: 'z', g: [] }))).toEqual({
      a: 'Required',
      b: 'Expected number, received string',
      c: 'String must contain at least 3 characters',
      d: 'Number must be less than or equal to 10',
      e: 'Invalid email',
      f: 'Invalid enum value',
      g: 'Array must contain at least 1 element',
    });
  });
});

describe('auth schemas', () => {
  it('require username and password to log in', () => {
    expect(messages(loginSchema.safeParse({ username: ' ', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('check registration as the product words it', () => {
    expect(
      messages(
        registerFormSchema.safeParse({ username: 'ann', password: '12345', confirmPassword: 'x', role: '' }),
      ),
    ).toEqual({
      password: 'Password must be at least 10 characters',
      role: 'Please select your role',
    });
    expect(
      messages(
        registerFormSchema.safeParse({
          username: 'ann',
          password: 'violet-harbor-42',
          confirmPassword: 'violet-harbor-43',
          role: 'organizer',
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('never lets anyone register as admin', () => {
    expect(
      registerRequestSchema.safeParse({ username: 'eve', password: 'violet-harbor-42', role: 'admin' })
        .success,
    ).toBe(false);
  });

  it('refuse new passwords shorter than 10 characters or made of one obvious pattern', () => {
    const refusal = (password: string) => messages(newPasswordSchema.safeParse(password))[''];
    expect(refusal('123456789')).toBe('Password must be at least 10 characters');
    expect(refusal('aaaaaaaaaa')).toBe(PASSWORD_TOO_COMMON);
    expect(refusal('0123456789')).toBe(PASSWORD_TOO_COMMON);
    expect(refusal('zyxwvutsrqp')).toBe(PASSWORD_TOO_COMMON);
    expect(refusal('x'.repeat(1025))).toBe('Password must be at most 1024 characters');
    expect(newPasswordSchema.safeParse('violet-harbor-42').success).toBe(true);
    expect(newPasswordSchema.safeParse('aaaaaaaaab').success).toBe(true);
  });

  it('ask for the current password and a matching new one to change it', () => {
    expect(
      messages(
        changePasswordFormSchema.safeParse({
          currentPassword: '',
          newPassword: 'violet-harbor-42',
          confirmPassword: 'violet-harbor-42',
        }),
      ),
    ).toEqual({ currentPassword: 'Current password is required' });
    expect(
      messages(
        changePasswordFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'violet-harbor-42',
          confirmPassword: 'violet-harbor-24',
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
