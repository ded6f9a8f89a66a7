import { textOnTv } from '@htv/shared/areas/publishing/device';
import { QUESTIONNAIRE_ANSWER_PATH, type QuestionnaireOnTv, type QuestionnairesPart } from '@htv/shared/areas/questionnaires/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { useState, type CSSProperties } from 'react';
import { useAreaDevice, useRemote } from '../host';
import { usePublished } from '../publishing/receipts';
import { areaWords, type AreaOverlayProps, type AreaPageProps } from '../registry';

const zh = { title: '问卷调查', hint: '↑/↓ 选择 · OK 提交 · 返回 稍后', pageHint: '←/→ 换问卷 · ↑/↓ 选择 · OK 提交 · 返回 退出', thanks: '感谢您的参与！', answered: '您已回答', empty: '暂无问卷', failed: '提交失败，请稍后再试' };
const en = { title: 'Questionnaire', hint: '↑/↓ choose · OK submit · Back later', pageHint: '←/→ questionnaire · ↑/↓ choose · OK submit · Back exit', thanks: 'Thank you for your answer!', answered: 'You answered', empty: 'No questionnaires', failed: 'Could not submit; try again later' };

const font = 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif';
const card: CSSProperties = { position: 'fixed', left: '50%', top: '50%', transform: 'translate(-50%, -50%)', width: '52vw', maxHeight: '80vh', padding: '4vh 3vw', borderRadius: 16, background: 'rgba(11,21,38,.96)', color: '#fff', fontFamily: font, boxShadow: '0 1vh 4vh rgba(0,0,0,.5)', display: 'flex', flexDirection: 'column', gap: '2vh', zIndex: 42 };
const listOf = (part: QuestionnairesPart | null | undefined): QuestionnaireOnTv[] => part?.questionnaires ?? [];

type Words = ReturnType<typeof areaWords<typeof zh>>;

/**
 * Answering with the remote: the room's questionnaires with what was answered here since the part
 * came (the server's answer arrives with the next part), and `submit`, which posts the answer.
 */
function useAnswers(part: QuestionnairesPart | null | undefined) {
  const device = useAreaDevice();
  const { items } = usePublished('questionnaire', listOf(part));
  const [here, setHere] = useState<ReadonlyMap<number, number>>(new Map());
  const [failed, setFailed] = useState<number | null>(null);
  const submit = async (questionnaire: QuestionnaireOnTv, optionId: number) => {
    if (!device) return;
    try {
      await device.call('POST', QUESTIONNAIRE_ANSWER_PATH, { questionnaireId: questionnaire.id, optionId });
      setHere((current) => new Map([...current, [questionnaire.id, optionId]]));
      setFailed(null);
    } catch {
      setFailed(questionnaire.id);
    }
  };
  return { items: items.map((q) => (q.answered === null && here.has(q.id) ? { ...q, answered: here.get(q.id)! } : q)), submit, failed };
}

/** A question with its options; ↑/↓ choose, OK submits (once: an answered one shows its choice). */
function Ballot({ questionnaire, lang, fallbacks, w, failed, hint, onSubmit, onKey }: { questionnaire: QuestionnaireOnTv; lang: ContentLang; fallbacks: readonly ContentLang[]; w: Words; failed: boolean; hint: string; onSubmit: (optionId: number) => void; onKey?: (key: string) => void }) {
  const [at, setAt] = useState(0);
  const answered = questionnaire.answered;
  useRemote((key) => {
    if (key === 'ArrowUp') setAt(Math.max(0, at - 1));
    else if (key === 'ArrowDown') setAt(Math.min(questionnaire.options.length - 1, at + 1));
    else if (key === 'Enter' && answered === null && questionnaire.options[at]) onSubmit(questionnaire.options[at]!.id);
    onKey?.(key);
  });
  return (
    <div data-testid="questionnaire" data-id={questionnaire.id} data-answered={answered ?? ''} style={{ display: 'flex', flexDirection: 'column', gap: '1.6vh' }}>
      <div data-testid="questionnaire-question" style={{ fontSize: '3.2vh', fontWeight: 700, lineHeight: 1.4 }}>{textOnTv(questionnaire.question, lang, fallbacks)}</div>
      {questionnaire.options.map((option, i) => {
        const chosen = option.id === answered;
        const focused = answered === null && i === at;
        return (
          <div key={option.id} data-testid="questionnaire-option" data-option={option.id} data-focused={focused ? 'true' : undefined} data-chosen={chosen ? 'true' : undefined} style={{ padding: '1.4vh 1.6vw', borderRadius: 12, fontSize: '2.6vh', background: chosen ? 'rgba(82,196,26,.45)' : focused ? 'rgba(245,166,35,.45)' : 'rgba(255,255,255,.08)' }}>
            {chosen ? '✔ ' : ''}
            {textOnTv(option.text, lang, fallbacks)}
          </div>
        );
      })}
      {answered !== null && <div data-testid="questionnaire-thanks" style={{ fontSize: '2.4vh', color: '#95de64' }}>{w.thanks}</div>}
      {failed && <div style={{ fontSize: '2.2vh', color: '#ff7a45' }}>{w.failed}</div>}
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{hint}</div>
    </div>
  );
}

/**
 * Over every screen: the newest questionnaire the room's stay has not answered. OK submits the chosen
 * option (then a thank-you until Back or OK); Back leaves it for later on this TV.
 */
export function Overlay({ part, lang, fallbacks }: AreaOverlayProps<QuestionnairesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const { items, submit, failed } = useAnswers(part);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [thanked, setThanked] = useState<number | null>(null);
  const shown = items.find((q) => !hidden.has(q.id) && (q.answered === null || q.id === thanked));
  if (!shown) return null;
  const hide = () => setHidden(new Set([...hidden, shown.id]));
  return (
    <div data-testid="questionnaire-popup" style={card}>
      <div style={{ fontSize: '2.6vh', opacity: 0.8 }}>📋 {w.title}</div>
      <Ballot
        key={shown.id}
        questionnaire={shown}
        lang={lang}
        fallbacks={fallbacks}
        w={w}
        failed={failed === shown.id}
        hint={w.hint}
        onSubmit={(optionId) => {
          setThanked(shown.id);
          void submit(shown, optionId);
        }}
        onKey={(key) => {
          if (key === 'Back' || (key === 'Enter' && shown.answered !== null)) hide();
        }}
      />
    </div>
  );
}

/** The questionnaires in the survey for the room: ←/→ go from one to the next, answered ones show the choice. */
export function Page({ part, lang, fallbacks }: AreaPageProps<QuestionnairesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const { items, submit, failed } = useAnswers(part);
  const [at, setAt] = useState(0);
  const shown = items[Math.min(at, items.length - 1)];
  return (
    <div data-testid="questionnaires-page" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '2.4vh', padding: '5vh 8vw', fontFamily: font, color: '#fff', background: 'rgba(11,21,38,.92)' }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>
        {w.title}
        {items.length > 1 && <span style={{ fontSize: '2.4vh', opacity: 0.7 }}> {Math.min(at, items.length - 1) + 1}/{items.length}</span>}
      </div>
      {!shown && <div style={{ opacity: 0.8, fontSize: '2.6vh' }}>{w.empty}</div>}
      {shown && (
        <Ballot
          key={shown.id}
          questionnaire={shown}
          lang={lang}
          fallbacks={fallbacks}
          w={w}
          failed={failed === shown.id}
          hint={w.pageHint}
          onSubmit={(optionId) => void submit(shown, optionId)}
          onKey={(key) => {
            if (key === 'ArrowLeft') setAt(Math.max(0, at - 1));
            if (key === 'ArrowRight') setAt(Math.min(items.length - 1, at + 1));
          }}
        />
      )}
    </div>
  );
}
