import { describe, expect, it } from 'vitest';
import { jsonLength, toolsSchema } from './chat-fields.schemas.js';
import { toolTokens } from './tokens.js';

const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather of a city, "now"',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'Zürich, say' }, unit: { enum: ['c', 'f'] } },
      required: ['city'],
    },
  },
};
const time = { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } };

describe('jsonLength', () => {
  it("is JSON.stringify's length, of tools and of anything else", () => {
    const tools = toolsSchema.parse([weather, time]);
    expect(jsonLength(tools)).toBe(JSON.stringify(tools).length);
    const definitions = tools.map(({ function: f }) => ({ name: f.name, parameters: f.parameters ?? {} }));
    expect(jsonLength(definitions)).toBe(JSON.stringify(definitions).length);
    expect(toolTokens(definitions)).toBe(Math.ceil(JSON.stringify(definitions).length / 4));
    for (const value of [weather, [], {}, 'text', 12, null, [undefined, { a: undefined }]])
      expect(jsonLength(value)).toBe(JSON.stringify(value).length);
  });

  it('counts a checked schema by the length its check measured, without serialising it again', () => {
    const [tool] = toolsSchema.parse([weather]);
    const parameters = tool?.function.parameters;
    if (!parameters) throw new Error('the parameters were not parsed');
    const checked = jsonLength(parameters);
    // Changed after its check (nothing does this), the schema still counts what the check measured.
    parameters.added = 'x'.repeat(100);
    expect(jsonLength(parameters)).toBe(checked);
    expect(jsonLength({ ...parameters })).toBe(checked + ',"added":""'.length + 100);
  });
});
