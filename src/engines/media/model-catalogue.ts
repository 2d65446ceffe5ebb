/** Names as clients write them ("DALL-E 3", "dall-e-3", "dalle3") compare equal. */
export const normalizeModelName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A list of named models with aliases; finds one by any spelling of its name or an alias. */
export class ModelCatalogue<T extends { name: string }> {
  private readonly byName = new Map<string, T>();

  constructor(entries: { model: T; aliases: readonly string[] }[]) {
    for (const { model, aliases } of entries) {
      for (const name of [model.name, ...aliases]) {
        const key = normalizeModelName(name);
        if (key && !this.byName.has(key)) this.byName.set(key, model);
      }
    }
    this.models = entries.map((e) => e.model);
  }

  readonly models: readonly T[];

  /** A catalogue of entries that carry their own aliases (catalogue entries as configured). */
  static of<E extends { name: string; aliases?: readonly string[] | undefined }>(
    entries: readonly E[],
  ): ModelCatalogue<E> {
    return new ModelCatalogue(entries.map((model) => ({ model, aliases: model.aliases ?? [] })));
  }

  find(name: string): T | undefined {
    return this.byName.get(normalizeModelName(name));
  }

  names(): string[] {
    return this.models.map((m) => m.name);
  }
}
