/**
 * The short buzz and tick sound a scanned card is confirmed with: a vibration where the phone has
 * one (Android), a 60 ms tone through Web Audio elsewhere. Both are best effort and silent when
 * the browser refuses them.
 */
let audio: AudioContext | null = null;

export function feedback(): void {
  try {
    navigator.vibrate?.(60);
  } catch {
    // no vibration here
  }
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.06);
  } catch {
    // no sound here
  }
}
