// The parts of NLP.js (github.com/axa-group/nlp.js, MIT) the voice engine uses; the packages ship no types.
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
    register(name: string, value: unknown, isSingleton?: boolean): void;
    get<T = unknown>(name: string): T;
    registerConfiguration(tag: string, settings: Record<string, unknown>, overwrite?: boolean): void;
  }
  export function containerBootstrap(settings?: Record<string, unknown>): Promise<Container>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
  export interface NlpResult {
    intent: string;
    score: number;
  }
  export interface NlpEngine {
    settings: Record<string, unknown>;
    addLanguage(lang: string): void;
    addDocument(lang: string, utterance: string, intent: string): void;
    train(): Promise<void>;
    process(lang: string, utterance: string): Promise<NlpResult>;
  }
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
