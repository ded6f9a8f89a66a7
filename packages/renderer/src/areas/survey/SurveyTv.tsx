import type { SurveyPart, SurveyReport } from '@htv/shared/areas/hotelsurvey/device';
import { useEffect, useState } from 'react';
import { useAreaDevice } from '../host';
import { areaWords, type AreaOverlayProps } from '../registry';

const WORDS = { zh: { checking: '正在检测网络…', done: '网络检测完成' }, en: { checking: 'Checking the network…', done: 'Network check done' } };
/** Runs measured by this TV (kept for the tab's life, so a configuration fetched again does not measure again). */
const measured = new Set<string>();

/** Times `pings` round trips and the test file's download, through the TV's own API. */
async function measure(call: NonNullable<ReturnType<typeof useAreaDevice>>['call'], part: SurveyPart): Promise<SurveyReport> {
  const pingsMs: (number | null)[] = [];
  for (let i = 0; i < part.pings; i++) {
    const started = performance.now();
    try {
      await call('GET', '/survey/ping');
      pingsMs.push(Math.round(performance.now() - started));
    } catch {
      pingsMs.push(null);
    }
  }
  let downloadBytes: number | null = null;
  let downloadMs: number | null = null;
  const started = performance.now();
  try {
    const file = await call<{ payload: string }>('GET', '/survey/download');
    downloadMs = Math.round(performance.now() - started);
    downloadBytes = file.payload.length;
  } catch {
    // A failed download is reported as such.
  }
  return { surveyId: part.surveyId, runId: part.runId, pingsMs, downloadBytes, downloadMs };
}

/** Measures once per run and reports; shows a note in a corner while it measures. */
export function Overlay({ part, lang }: AreaOverlayProps<SurveyPart | null>) {
  const device = useAreaDevice();
  const [state, setState] = useState<'idle' | 'checking' | 'done'>('idle');
  useEffect(() => {
    if (!device || !part || measured.has(part.runId)) return;
    measured.add(part.runId);
    setState('checking');
    void measure(device.call, part)
      .then((report) => device.call('POST', '/survey/report', report))
      .catch(() => measured.delete(part.runId))
      .finally(() => setState('done'));
  }, [device, part]);
  if (state === 'idle') return null;
  const words = areaWords(WORDS, lang);
  return (
    <div data-testid="survey-check" data-state={state} style={{ position: 'fixed', right: 24, top: 24, padding: '8px 16px', borderRadius: 8, background: 'rgba(0,0,0,.6)', color: '#fff', fontSize: 18, zIndex: 36, pointerEvents: 'none', opacity: state === 'done' ? 0 : 1, transition: 'opacity 2s' }}>
      {state === 'checking' ? words.checking : words.done}
    </div>
  );
}
