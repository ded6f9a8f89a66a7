/** A short two-tone chime (Web Audio: no sound file to ship) for what staff must notice at once; silent where the browser refuses audio. */
export function chime(): void {
  try {
    const audio = new AudioContext();
    [880, 1320].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.18);
      tone.stop(audio.currentTime + i * 0.18 + 0.17);
    });
    setTimeout(() => void audio.close(), 800);
  } catch {
    // No audio in this browser: the badge still shows.
  }
}
