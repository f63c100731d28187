import { describe, expect, it } from 'vitest';
import { z } from './zod-messages';
import { loginSchema, registerFormSchema, registerRequestSchema } from './auth';

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
      password: 'Password must be at least 6 characters',
      role: 'Please select your role',
    });
    expect(
      messages(
        registerFormSchema.safeParse({
          username: 'ann',
          password: '123456',
          confirmPassword: '1234567',
          role: 'organizer',
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('never lets anyone register as admin', () => {
    expect(
      registerRequestSchema.safeParse({ username: 'eve', password: '123456', role: 'admin' }).success,
    ).toBe(false);
  });
});
