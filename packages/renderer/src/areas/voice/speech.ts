/**
 * Says a sentence with the browser's speech synthesis, in a voice of its language when the browser
 * has one (many TVs' browsers have none: the text on screen is the answer then).
 */
export function speak(text: string, lang: 'zh' | 'en'): void {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined' || !text) return;
  const wanted = lang === 'zh' ? 'zh' : 'en';
  const voice = synth.getVoices().find((candidate) => candidate.lang.toLowerCase().startsWith(wanted));
  if (!voice) return;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  synth.speak(utterance);
}

/** The recording playing now, stopped when the assistant says something else. */
let playing: HTMLAudioElement | null = null;

/**
 * Says a phrase: the hotel's recording when it has one (the speech engine when it cannot play),
 * else the speech engine. The text is on screen either way.
 */
export function say(text: string, lang: 'zh' | 'en', audio?: string): void {
  playing?.pause();
  playing = null;
  if (!audio || typeof Audio === 'undefined') return speak(text, lang);
  const recording = new Audio(audio);
  playing = recording;
  recording.play().catch(() => speak(text, lang));
}
