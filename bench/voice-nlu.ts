/**
 * Understanding a guest's sentence: one process, one hotel's model of 200 intents with examples in
 * Chinese and English (the platform's and the hotel's), the way the device API's understand call runs
 * it (the model, then the slots and the action: `understandSentence`).
 *
 *   node --import tsx bench/voice-nlu.ts [--intents 200] [--examples 6] [--sentences 3000] [--seconds 5]
 *
 * No database: the brain is built from generated intents (each with its own words, so the classifier
 * has real work) and ten goods. Reported: the training time (spent off the request path, while the
 * previous model answers), each sentence's latency (p50/p95/p99, measured one at a time), and the
 * sentences a second one process understands back to back. Half the sentences are Chinese, half
 * English; a tenth are not any intent (the "not understood" path).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { Brain } from '../apps/server/src/areas/voice/brain.js';
import { NluModel, type TrainingIntent } from '../apps/server/src/areas/voice/nlu.js';
import { understandSentence } from '../apps/server/src/areas/voice/service.js';

const { values } = parseArgs({ options: { intents: { type: 'string', default: '200' }, examples: { type: 'string', default: '6' }, sentences: { type: 'string', default: '3000' }, seconds: { type: 'string', default: '5' } } });
const INTENTS = Number(values.intents);
const EXAMPLES = Number(values.examples);
const SENTENCES = Number(values.sentences);
const SECONDS = Number(values.seconds);

const ZH_WORDS = [...'毛巾水牙刷拖鞋枕头被子咖啡茶早餐晚餐空调窗帘电视音乐灯门闹钟洗衣打扫退房泳池健身房停车场出租车行李叫醒送餐冰箱插座吹风机熨斗衣架雨伞地图门票'];
/** Made-up English nouns, one per intent (ba-ko, te-ri…): what a hotel's intents differ by. */
const SYLLABLES = ['ba', 'ko', 'te', 'ri', 'mu', 'sa', 'lo', 'pe', 'ni', 'du', 'ga', 'vo', 'chi', 'ren', 'tal'];
const nounOf = (i: number) => `${SYLLABLES[i % SYLLABLES.length]}${SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]}x`;
const EN_WORDS = 'towel water toothbrush slippers pillow blanket coffee tea breakfast dinner aircon curtain television music light door alarm laundry cleaning checkout pool gym parking taxi luggage wakeup roomservice fridge socket hairdryer iron hanger umbrella map ticket spa massage sauna shuttle airport bar lobby'.split(' ');
const ZH_FRAMES = ['请给我{w}', '我需要{w}', '帮我拿{w}', '{w}在哪里', '能不能送{w}', '我想要{w}', '{w}怎么用', '请问{w}几点'];
const EN_FRAMES = ['please bring me {w}', 'I need {w}', 'can I have {w}', 'where is the {w}', 'could you send {w}', 'I would like {w}', 'how do I use the {w}', 'what time is {w}'];

/** Intent i's own words: two characters, and a common word with its own noun: a combination no other intent has. */
const wordsOf = (i: number) => ({
  zh: `${ZH_WORDS[i % ZH_WORDS.length]}${ZH_WORDS[Math.floor(i / ZH_WORDS.length) % ZH_WORDS.length]}`,
  en: `${EN_WORDS[i % EN_WORDS.length]} ${nounOf(i)}`,
});

const intents: TrainingIntent[] = Array.from({ length: INTENTS }, (_, i) => {
  const words = wordsOf(i);
  return {
    key: `bench.intent${i}`,
    examples: {
      zh: Array.from({ length: EXAMPLES }, (_, e) => ZH_FRAMES[(i + e) % ZH_FRAMES.length]!.replace('{w}', words.zh)),
      en: Array.from({ length: EXAMPLES }, (_, e) => EN_FRAMES[(i + e) % EN_FRAMES.length]!.replace('{w}', words.en)),
    },
  };
});

const started = performance.now();
const model = await NluModel.train(intents);
const trainMs = performance.now() - started;
const brain: Brain = {
  model,
  slotTypes: new Map(intents.map((intent) => [intent.key, ['item', 'quantity', 'time']])),
  instructions: new Map(),
  goods: EN_WORDS.slice(0, 10).map((word, id) => ({ id, name: ZH_WORDS[id]!, nameEn: word, synonyms: null, maxQuantity: 5 })),
  faq: new Map(),
  info: new Map(),
};

/** A sentence a guest might say: an intent's words in a frame it was not trained with, or nonsense. */
function sentence(n: number): string {
  if (n % 10 === 9) return n % 2 ? 'xyzzy plugh frobnicate' : '啊哈哈嘿嘿';
  const words = wordsOf(n % INTENTS);
  return n % 2 ? `两个${words.zh}，谢谢` : `two ${words.en} at 7 pm please`;
}

const room = { hotelId: 1, roomNumber: '0801' };
for (let n = 0; n < 200; n++) await understandSentence(brain, sentence(n), room); // warm-up

const latencies: number[] = [];
let right = 0;
for (let n = 0; n < SENTENCES; n++) {
  const t0 = performance.now();
  const answer = await understandSentence(brain, sentence(n), room);
  latencies.push(performance.now() - t0);
  if (n % 10 !== 9 && answer.intent === `bench.intent${n % INTENTS}`) right++;
}
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);

let done = 0;
const until = performance.now() + SECONDS * 1000;
while (performance.now() < until) {
  await understandSentence(brain, sentence(done), room);
  done++;
}

const understood = SENTENCES - Math.ceil(SENTENCES / 10);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`model: ${INTENTS} intents × ${EXAMPLES} examples × 2 languages; trained in ${trainMs.toFixed(0)} ms`);
console.log(`latency over ${SENTENCES} sentences: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)!.toFixed(2)} ms`);
console.log(`recognised: ${right}/${understood} sentences of an intent (${((right * 100) / understood).toFixed(1)}%)`);
console.log(`throughput: ${(done / SECONDS).toFixed(0)} sentences/s back to back on one process (${SECONDS} s)`);
