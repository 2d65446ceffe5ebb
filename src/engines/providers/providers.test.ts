import { describe, expect, it } from 'vitest';
import {
  IMAGE_ENGINES,
  LOCAL_SPEECH_PROVIDERS,
  PROVIDER_ENVS,
  SOUND_ENGINES,
  TEXT_PROVIDERS,
} from './provider-envs.js';
import { PROVIDERS } from './providers.js';

const names = (providers: readonly { name: string }[]) => providers.map((p) => p.name).sort();

describe('the provider lists', () => {
  it('names the same providers, in the same order, for their variables and for their engines', () => {
    expect(PROVIDER_ENVS.map((p) => p.name)).toEqual(PROVIDERS.map((p) => p.name));
  });

  it('offers as text providers, image engines and local voices exactly the providers that make them', () => {
    expect([...TEXT_PROVIDERS].sort()).toEqual(names(PROVIDERS.filter((p) => p.text)));
    expect([...IMAGE_ENGINES].sort()).toEqual(names(PROVIDERS.filter((p) => p.image)));
    expect([...LOCAL_SPEECH_PROVIDERS].sort()).toEqual(names(PROVIDERS.filter((p) => p.speech?.local)));
    expect([...SOUND_ENGINES].sort()).toEqual(names(PROVIDERS.filter((p) => p.sound)));
  });

  it('gives every image engine a way to say which variable configures it', () => {
    for (const name of IMAGE_ENGINES)
      expect(PROVIDER_ENVS.find((p) => p.name === name)).toHaveProperty('missingImageSetting');
  });

  it('never lets two providers claim the same variable', () => {
    const variables = PROVIDER_ENVS.flatMap((p) => Object.keys(p.env.shape));
    expect(new Set(variables).size).toBe(variables.length);
  });
});
