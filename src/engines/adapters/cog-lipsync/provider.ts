import { type Provider, configuredRemote } from '../../providers/provider.js';
import { CogLipSyncModel } from './cog-lipsync-model.js';
import { cogLipSyncEnv } from './settings.js';

/** A lip-sync model behind Cog's HTTP interface; its clips are finished by the offline engine (ffmpeg). */
export const cogLipSyncProvider: Provider = {
  name: cogLipSyncEnv.name,
  talkingVideo: {
    offline: false,
    engine: (config, deps, offline) => {
      const cog = config.talkingVideos.cog;
      const render = offline?.render?.bind(offline);
      if (!cog || !render) return undefined;
      return new CogLipSyncModel({ ...cog, fetch: deps.fetch, finish: render });
    },
    readiness: (config) =>
      config.talkingVideos.cog ? [configuredRemote(cogLipSyncEnv.name, config.talkingVideos.cog.baseUrl)] : [],
  },
};
