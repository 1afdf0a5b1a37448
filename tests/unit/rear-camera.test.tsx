// useRearCamera (src/components/hooks/use-rear-camera.ts), the camera of the card scanner and
// the trade-QR scanner: it asks for the camera facing away, plays it, says why when it cannot
// start, and stops it when the screen goes, also when the screen goes before the permission
// prompt is answered (the camera light must not stay on).
//
// In unit-dom-mocks (a fresh environment): jsdom has no camera, so the test stubs
// navigator.mediaDevices and HTMLMediaElement.play with a camera it controls.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRearCamera, type RearCamera } from '@/components/hooks/use-rear-camera';
import { waitFor } from '../helpers/wait.ts';

interface Track {
  stopped: boolean;
  stop(): void;
}

/** A camera the test answers: each request waits until the test grants or refuses it. */
function stubCamera() {
  const requests: {
    constraints: MediaStreamConstraints;
    grant: () => Track;
    refuse: (name: string) => void;
  }[] = [];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: (constraints: MediaStreamConstraints) =>
        new Promise((resolve, reject) => {
          requests.push({
            constraints,
            grant: () => {
              const track: Track = {
                stopped: false,
                stop() {
                  this.stopped = true;
                },
              };
              resolve({ getTracks: () => [track] });
              return track;
            },
            refuse: (name) => reject(new DOMException('', name)),
          });
        }),
    },
  });
  return requests;
}

let root: Root;
let host: HTMLElement;
let seen: RearCamera[];

function Probe() {
  const { camera, video } = useRearCamera();
  seen.push(camera);
  return <video ref={video} data-state={camera.state} />;
}

const state = () => host.querySelector('video')!.dataset['state'];

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  HTMLMediaElement.prototype.play = async () => {};
  seen = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('useRearCamera', () => {
  it('asks for the camera facing away, plays it in the video, and stops it when the screen goes', async () => {
    const requests = stubCamera();
    act(() => root.render(<Probe />));
    expect(state()).toBe('starting');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.constraints).toEqual({
      video: { facingMode: 'environment' },
      audio: false,
    });
    let track!: Track;
    await act(async () => {
      track = requests[0]!.grant();
    });
    await waitFor(() => expect(state()).toBe('on'));
    expect(host.querySelector('video')!.srcObject).not.toBeNull();
    expect(track.stopped).toBe(false);
    act(() => root.render(<></>));
    expect(track.stopped).toBe(true);
  });

  it('stops a camera granted after the screen went', async () => {
    const requests = stubCamera();
    act(() => root.render(<Probe />));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => root.render(<></>));
    let track!: Track;
    await act(async () => {
      track = requests[0]!.grant();
    });
    await waitFor(() => expect(track.stopped).toBe(true));
  });

  it.each([
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotAllowedError', 'denied'],
  ])('says why it cannot start: %s is %s', async (name, problem) => {
    const requests = stubCamera();
    act(() => root.render(<Probe />));
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => requests[0]!.refuse(name));
    await waitFor(() => expect(state()).toBe('error'));
    expect(seen.at(-1)).toEqual({ state: 'error', problem });
  });

  it('is missing where the browser has no camera at all', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    act(() => root.render(<Probe />));
    await waitFor(() => expect(state()).toBe('error'));
    expect(seen.at(-1)).toEqual({ state: 'error', problem: 'missing' });
  });
});
