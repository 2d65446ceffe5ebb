export type Scene = {
  data: Uint8Array;
  truth: Uint8Array;
  width: number;
  height: number;
  kind: 'plain' | 'graded' | 'textured';
};
export function scene(options: {
  shape: string;
  subject: string;
  backdrop: string;
  width?: number;
  height?: number;
  noise?: number;
  seed?: number;
  shadow?: boolean;
}): Scene;
export function scenes(): {
  name: string;
  shape: string;
  subject: string;
  backdrop: string;
  seed: number;
  shadow?: boolean;
  noise?: number;
}[];
export function iou(alpha: ArrayLike<number>, truth: ArrayLike<number>): number;
