import { describe, expect, it } from 'vitest';
import { fieldsOf, text } from './request-fields.js';

describe('a page reads a form or a query', () => {
  const form = fieldsOf({ name: text, next: text });

  it('as the browser sent its text fields, without the others', () => {
    expect(form.parse({ name: 'a key', next: '/dashboard', other: 'x' })).toEqual({
      name: 'a key',
      next: '/dashboard',
    });
  });

  it('with what is missing or not one piece of text as empty', () => {
    expect(form.parse({ name: ['a', 'b'], next: 5 })).toEqual({ name: '', next: '' });
    for (const body of [undefined, null, 'name=x', [{ name: 'x' }], 7])
      expect(form.parse(body)).toEqual({ name: '', next: '' });
  });
});
