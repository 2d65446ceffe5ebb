import { serveTasks } from '../../shared/untrusted/serve-tasks.js';
import { type RgbaPicture, type Segmentation, segmentForeground } from './background-removal.js';

// Seconds of CPU for a large picture: off the event loop, at a lower priority than the service's requests.
serveTasks<RgbaPicture, Segmentation>((picture) => segmentForeground(picture));
