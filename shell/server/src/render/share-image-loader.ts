// The share image's module, loaded on first use: satori and resvg stay out of the processes that never draw one.
import type * as ShareImage from './share-image';

export const loadShareImage = (): typeof ShareImage =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  require('./share-image') as typeof ShareImage;
