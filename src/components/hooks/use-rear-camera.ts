import { useEffect, useRef, useState, type RefObject } from 'react';

/** Why the camera could not start: there is none (or none that faces away), or it was refused. */
export type CameraProblem = 'missing' | 'denied';

export type RearCamera =
  { state: 'starting' } | { state: 'on' } | { state: 'error'; problem: CameraProblem };

/**
 * The camera facing away from the fan, playing in the returned `video` (for a <video> that is
 * rendered whenever the component is) while the component is mounted: asked for on mount,
 * stopped on unmount (also when the fan closes the screen before the permission prompt is
 * answered, so the camera light never stays on). The card scanner and the trade-QR scanner read
 * frames from the video once it is `on`.
 */
export function useRearCamera(): {
  camera: RearCamera;
  video: RefObject<HTMLVideoElement | null>;
} {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<RearCamera>({ state: 'starting' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let alive = true;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      const el = video.current;
      if (!alive || !el) return stop();
      el.srcObject = stream;
      await el.play();
      if (alive) setCamera({ state: 'on' });
    })().catch((err: unknown) => {
      if (!alive) return;
      const name = err instanceof DOMException ? err.name : '';
      const problem =
        name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied';
      setCamera({ state: 'error', problem });
    });
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return { camera, video };
}
