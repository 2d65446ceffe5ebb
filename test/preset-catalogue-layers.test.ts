import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/modules/presets/catalogue/index.js';
import { PresetsService } from '../src/modules/presets/presets.service.js';
import type { PresetDefinition } from '../src/shared/presets/preset-types.js';

const preset = (slug: string, title = slug): PresetDefinition => ({
  slug,
  title,
  description: '',
  category: ['Other'],
  isFree: true,
  fields: [{ name: 'keywords', label: 'Topic', type: 'textarea', required: true }],
  prompt: 'About {{keywords}}',
  builtin: [],
});

describe('the catalogue with layers over it', () => {
  it('adds, replaces in place and hides, the operator over the published, and says when it changed', () => {
    const catalogue = new PresetsService(PRESETS);
    const first = catalogue.revision;
    const total = catalogue.list().total;
    const position = catalogue
      .list()
      .presets.filter((p) => p.slug !== 'blog-post')
      .findIndex((p) => p.slug === 'blog-post-intro');
    expect(position).toBeGreaterThanOrEqual(0);

    catalogue.setLayer('published', { add: [preset('team-poem', 'Published poem')], hide: [] });
    catalogue.setLayer('operator', {
      add: [preset('blog-post-intro', 'House intro'), preset('team-poem', 'Operator poem')],
      hide: ['blog-post'],
    });
    expect(catalogue.revision).toBeGreaterThan(first);
    const slugs = catalogue.list().presets.map((p) => p.slug);
    expect(slugs.indexOf('blog-post-intro')).toBe(position);
    expect(catalogue.find('blog-post-intro')?.title).toBe('House intro');
    expect(catalogue.find('team-poem')?.title).toBe('Operator poem');
    expect(slugs.filter((s) => s === 'team-poem')).toHaveLength(1);
    expect(catalogue.find('blog-post')).toBeUndefined();
    expect(catalogue.detail('blog-post').ok).toBe(false);
    expect(catalogue.list().total).toBe(total); // one hidden, one added
    expect(catalogue.builtinPreset('blog-post')?.slug).toBe('blog-post');

    catalogue.setLayer('operator', { add: [], hide: [] });
    catalogue.setLayer('published', { add: [], hide: [] });
    expect(catalogue.list().presets.map((p) => p.slug)).toEqual(
      new PresetsService(PRESETS).list().presets.map((p) => p.slug),
    );
    expect(catalogue.find('blog-post-intro')?.title).not.toBe('House intro');
  });

  it('keeps the older names of a preset an override replaces', () => {
    const aliased = PRESETS.find((p) => p.aliases?.length);
    if (!aliased?.aliases) throw new Error('the catalogue has no aliased preset');
    const catalogue = new PresetsService(PRESETS);
    catalogue.setLayer('operator', { add: [preset(aliased.slug, 'Override')], hide: [] });
    expect(catalogue.find(aliased.aliases[0] ?? '')?.title).toBe('Override');
  });
});
