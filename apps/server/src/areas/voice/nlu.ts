import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { Nlp, type NlpEngine } from '@nlpjs/nlp';

/** The languages the engine understands: NLP.js's `zh` and `en`. */
export type NluLang = 'zh' | 'en';

/** One intent as the engine learns it: its key and its example sentences per language. */
export interface TrainingIntent {
  key: string;
  examples: { zh: readonly string[]; en: readonly string[] };
}

export interface Understood {
  /** The intent's key, or null below the engine's threshold. */
  intent: string | null;
  /** The classifier's confidence, 0-1. */
  score: number;
  lang: NluLang;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const NOT_WORD = /[\s\p{P}\p{S}]+/gu;
/** Runs of Chinese characters and runs of anything else. */
const RUNS = /[\u3400-\u9fff\uf900-\ufaff]+|[^\u3400-\u9fff\uf900-\ufaff]+/g;

/** Chinese when the sentence holds a Chinese character (a guest may name an English brand in Chinese). */
export const sentenceLang = (sentence: string): NluLang => (CJK.test(sentence) ? 'zh' : 'en');

/**
 * Chinese has no spaces: its sentences are cut into single characters and character bigrams (the
 * usual features for short-text classification without a word dictionary). NLP.js's own Chinese
 * package compiles a 10 MB dictionary for 13 s of CPU at first use, which a server cannot spend on
 * its request thread; bigrams classify the short requests of a hotel room as well (the tests).
 * Latin words inside are kept whole.
 */
export function chineseTokens(sentence: string): string[] {
  const tokens: string[] = [];
  for (const piece of sentence.toLowerCase().split(NOT_WORD).flatMap((part) => part.match(RUNS) ?? [])) {
    if (!CJK.test(piece)) {
      tokens.push(piece);
      continue;
    }
    const chars = [...piece];
    tokens.push(...chars);
    for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
  }
  return tokens;
}

const chineseTokenizer = { tokenize: (text: string) => chineseTokens(text) };

/**
 * A trained language model: NLP.js (`@nlpjs/nlp`, its neural intent classifier) with the English
 * stemmer of `@nlpjs/lang-en-min` and the Chinese tokenizer above. Immutable once trained: a retrain
 * builds a new one (models.ts) while this one keeps answering.
 */
export class NluModel {
  private constructor(
    private readonly engine: NlpEngine,
    readonly intents: number,
  ) {}

  /** Trains a model on the intents (an empty list gives a model that understands nothing). */
  static async train(intents: readonly TrainingIntent[]): Promise<NluModel> {
    const container = await containerBootstrap();
    container.use(Nlp);
    container.use(LangEn);
    container.register('tokenizer-zh', chineseTokenizer, true);
    // NLP.js's defaults for every language's classifier, without its training log on stdout.
    container.registerConfiguration('nlu-??', { keepStopwords: true, nonefeatureValue: 1, nonedeltaMultiplier: 1.2, spellCheck: false, spellCheckDistance: 1, filterZeros: true, log: false }, true);
    const engine = container.get<NlpEngine>('nlp');
    Object.assign(engine.settings, { autoSave: false, autoLoad: false, log: false, calculateSentiment: false, modelFileName: '' });
    engine.addLanguage('en');
    engine.addLanguage('zh');
    for (const intent of intents) {
      for (const lang of ['zh', 'en'] as const) for (const example of intent.examples[lang]) engine.addDocument(lang, example, intent.key);
    }
    if (intents.length) await engine.train();
    return new NluModel(engine, intents.length);
  }

  async understand(sentence: string): Promise<Understood> {
    const lang = sentenceLang(sentence);
    if (!this.intents) return { intent: null, score: 0, lang };
    const result = await this.engine.process(lang, sentence);
    const intent = result.intent && result.intent !== 'None' ? result.intent : null;
    return { intent, score: Math.round((result.score ?? 0) * 100) / 100, lang };
  }
}
