import { describe, expect, it } from 'vitest';
import { chatRequestOf } from './responses-input.js';
import { responseRequestSchema } from './responses.schemas.js';

const tool = (name: string, filler = 0) => ({
  type: 'function',
  name,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, description: 'x'.repeat(filler) },
});

describe('chatRequestOf', () => {
  it('hands on the tools and the answer format the Responses schema checked, not checked again', () => {
    const request = responseRequestSchema.parse({
      model: 'builtin',
      input: 'Weather in Paris?',
      tools: [tool('get_weather')],
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' } } },
    });
    const converted = chatRequestOf(request, []);
    if (!converted.ok) throw new Error(converted.error.message);
    // The very objects the Responses schema made: a second parse of a record would have copied them.
    expect(converted.value.request.tools?.[0]?.function.parameters).toBe(request.tools?.[0]?.parameters);
    const format = converted.value.request.response_format;
    expect(format?.type === 'json_schema' && format.json_schema.schema).toBe(
      request.text?.format?.type === 'json_schema' && request.text.format.schema,
    );
  });

  it("still refuses tools that fit the limit in the Responses' shape but not in the chat's", () => {
    // Each tool takes 13 more characters as a chat tool ({"type":"function","function":{...}}).
    const tools = Array.from({ length: 8 }, (_, i) => tool(`tool_${i}`, 31_900));
    const shape = JSON.stringify(tools).length;
    const fits = tools.map((t, i) => (i === 0 ? tool(t.name, 31_900 + 256_000 - shape) : t));
    expect(JSON.stringify(fits).length).toBe(256_000);
    const request = responseRequestSchema.parse({ model: 'builtin', input: 'Hi', tools: fits });
    const converted = chatRequestOf(request, []);
    expect(converted.ok).toBe(false);
    if (!converted.ok) {
      expect(converted.error.param).toBe('tools');
      expect(converted.error.message).toMatch(/must be at most 256000 characters as JSON/);
    }
  });
});
