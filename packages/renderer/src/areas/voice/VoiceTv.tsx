import { RCU_CHANGED_EVENT } from '@htv/shared/areas/rcu/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { SCORE_MAX, SCORE_MIN, type CallOnTv, type VoiceAnswer, type VoiceConfigPart } from '@htv/shared/areas/voice/device';
import { useEffect, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { useAreaDevice } from '../host';
import { areaWords, type AreaOverlayProps, type AreaPageProps } from '../registry';
import { RichText } from '../rich-text';
import { say } from './speech';

const zh = {
  title: '语音助手',
  greeting: '您好，请问有什么可以帮您？',
  hint: '请说出（输入）您的需求，例如“送两条毛巾”“早餐几点”',
  placeholder: '您想要什么？',
  send: '发送',
  you: '您说',
  calls: '我的呼叫',
  noCalls: '暂无呼叫',
  called: '已为您呼叫服务',
  scorePrompt: '服务已完成，请为本次服务评分',
  scored: '感谢您的评分',
  offline: '网络不可用，请稍后再试',
  unavailable: '本房间暂不提供语音服务',
  pending: '待处理',
  processing: '处理中',
  completed: '已完成',
  ignored: '已忽略',
  score: '评分',
};
const en: typeof zh = {
  title: 'Voice assistant',
  greeting: 'Hello, how can I help you?',
  hint: 'Say (type) what you need, e.g. “two towels please” or “what time is breakfast”',
  placeholder: 'What would you like?',
  send: 'Send',
  you: 'You said',
  calls: 'My requests',
  noCalls: 'No requests yet',
  called: 'Your request has been passed to the staff',
  scorePrompt: 'Your request is done. Please score our service',
  scored: 'Thank you for your score',
  offline: 'The network is not available, please try again later',
  unavailable: 'The voice service is not available in this room',
  pending: 'To be processed',
  processing: 'In processing',
  completed: 'Completed',
  ignored: 'Ignored',
  score: 'Score',
};
type Words = typeof zh;

const box: CSSProperties = { padding: '2vh', borderRadius: 12, background: 'rgba(255,255,255,.06)' };
const button: CSSProperties = { fontSize: '2.4vh', padding: '1vh 2vh', borderRadius: 8, border: 0, background: '#f5a623', color: '#14233d', cursor: 'pointer' };

/** The calls a guest still cares about: open ones, and completed ones not scored yet. */
const lively = (call: CallOnTv) => call.status === 'pending' || call.status === 'processing' || (call.status === 'completed' && call.score === null);

function CallRow({ call, words, onScore }: { call: CallOnTv; words: Words; onScore: (id: number, score: number) => void }) {
  const scoring = call.status === 'completed' && call.score === null;
  return (
    <li data-testid="voice-call" data-status={call.status} data-call={call.id} style={{ ...box, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1vh' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: '2vh' }}>
        <span>{call.content}</span>
        <b data-testid="voice-call-status">{words[call.status]}</b>
      </div>
      {scoring && (
        <div data-testid="voice-score-prompt" style={{ display: 'flex', alignItems: 'center', gap: '1vh' }}>
          <span>{words.scorePrompt}</span>
          {Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i).map((score) => (
            <button key={score} type="button" style={button} data-testid={`voice-score-${score}`} onClick={() => onScore(call.id, score)}>
              {'★'.repeat(score)}
            </button>
          ))}
        </div>
      )}
      {call.score !== null && (
        <div data-testid="voice-scored">
          {words.score}: {'★'.repeat(call.score)}
        </div>
      )}
    </li>
  );
}

/**
 * The voice page: a text box standing in for the TV's speech recogniser, the answer shown and
 * spoken, the TV's actions carried out by the host, a service call saved for the staff, and the
 * room's calls with their states and the score prompt of a completed one.
 */
export function Page({ part, lang }: AreaPageProps<VoiceConfigPart>) {
  const device = useAreaDevice();
  const words = areaWords({ zh, en }, lang);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<(VoiceAnswer & { said: string }) | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = (error: unknown) => setNotice(error instanceof Error && error.message ? error.message : words.offline);
  const spokenLang = lang.startsWith('zh') ? 'zh' : 'en';
  const greetingPhrase = part?.phrases?.greeting;
  const greeting = greetingPhrase?.[spokenLang] ?? words.greeting;
  const greetingAudio = spokenLang === 'zh' ? greetingPhrase?.audioZh : greetingPhrase?.audioEn;
  // The assistant greets the guest once when its page opens (the hotel's words or recording, if any).
  const hasPart = Boolean(part);
  useEffect(() => {
    if (hasPart) say(greeting, spokenLang, greetingAudio);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening, not per refreshed part
  }, [hasPart]);

  const submit = async (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const said = text.trim();
    if (!said || !device || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await device.call<VoiceAnswer>('POST', '/voice/understand', { text: said });
      setAnswer({ ...result, said });
      setText('');
      say(result.say, result.lang, result.sayAudio);
      const action = result.action;
      if (action.do === 'serviceCall') {
        await device.call('POST', '/api/web/ai/customer_demand/save', { content: action.content, ...(result.intent ? { intent: result.intent } : {}) });
        setNotice(words.called);
      } else if (action.do === 'openArea' || action.do === 'openApp' || action.do === 'volume' || action.do === 'channel') device.act(action);
      // Room control reads the room again (its page, the do-not-disturb hold).
      else if (action.do === 'room' && action.handled) window.dispatchEvent(new Event(RCU_CHANGED_EVENT));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const score = (id: number, value: number) => {
    if (!device) return;
    device.call('POST', `/voice/calls/${id}/score`, { score: value }).then(() => setNotice(words.scored), failed);
  };

  if (!part) return <div style={{ padding: '6vh', fontSize: '3vh' }} data-testid="voice-unavailable">{words.unavailable}</div>;
  return (
    <div data-testid="voice-page" style={{ display: 'grid', gridTemplateColumns: '3fr 2fr', gap: '3vh', padding: '5vh 6vw', height: '100%', boxSizing: 'border-box', fontSize: '2.4vh' }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: '2vh', minHeight: 0 }}>
        <h1 style={{ margin: 0, fontSize: '4vh' }}>{words.title}</h1>
        <div data-testid="voice-greeting" style={{ fontSize: '3vh' }}>
          {greeting}
        </div>
        <div style={{ opacity: 0.7 }}>{words.hint}</div>
        <form onSubmit={submit} style={{ display: 'flex', gap: '1vh' }}>
          <input
            data-testid="voice-input"
            aria-label={words.placeholder}
            placeholder={words.placeholder}
            value={text}
            maxLength={200}
            autoFocus
            onChange={(event) => setText(event.currentTarget.value)}
            // OK on the box sends it here: the launcher's navigation under the page takes Enter's default away.
            onKeyDown={(event) => {
                // Typed keys stay in the box: the launcher under the page never sees them (its focused block would run on Enter).
                event.stopPropagation();
                if (event.key === 'Enter') void submit(event);
              }}
            style={{ flex: 1, fontSize: '2.6vh', padding: '1vh 1.5vh', borderRadius: 8, border: 0 }}
          />
          <button type="submit" style={button} disabled={busy} data-testid="voice-send">
            {words.send}
          </button>
        </form>
        {answer && (
          <div style={{ ...box, display: 'flex', flexDirection: 'column', gap: '1vh', overflow: 'auto' }} data-testid="voice-answer" data-intent={answer.intent ?? ''} data-action={answer.action.do}>
            <div style={{ opacity: 0.7 }}>
              {words.you}: “{answer.said}”
            </div>
            <div data-testid="voice-say" style={{ fontSize: '3vh' }}>
              {answer.say}
            </div>
            {answer.action.do === 'answer' && (
              <div data-testid="voice-faq">
                <h2 style={{ margin: 0, fontSize: '2.8vh' }}>{answer.action.title}</h2>
                <RichText html={answer.action.content} />
              </div>
            )}
          </div>
        )}
        {notice && (
          <div role="status" data-testid="voice-notice" style={{ color: '#ffd591' }}>
            {notice}
          </div>
        )}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: '1.5vh', minHeight: 0, overflow: 'auto' }}>
        <h2 style={{ margin: 0, fontSize: '3vh' }}>{words.calls}</h2>
        {part.calls.length === 0 && <div style={{ opacity: 0.6 }}>{words.noCalls}</div>}
        <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '1vh' }}>
          {part.calls.map((call) => (
            <CallRow key={call.id} call={call} words={words} onScore={score} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Over every screen: the room's latest call the guest still waits on or may score (pushed with each change). */
export function Overlay({ part, lang }: AreaOverlayProps<VoiceConfigPart>) {
  const words = areaWords({ zh, en }, lang as ContentLang);
  const call = part.calls.find(lively);
  if (!call) return null;
  const scoring = call.status === 'completed';
  return (
    <div data-testid="voice-overlay" data-status={call.status} style={{ position: 'fixed', right: 32, top: 32, maxWidth: '40vw', padding: '1.2vh 2vh', borderRadius: 10, background: 'rgba(20,35,61,.9)', color: '#fff', fontSize: '2vh', pointerEvents: 'none' }}>
      <div style={{ opacity: 0.75 }}>{call.content.split(' — ')[0]}</div>
      <b>{scoring ? words.scorePrompt : words[call.status]}</b>
    </div>
  );
}
