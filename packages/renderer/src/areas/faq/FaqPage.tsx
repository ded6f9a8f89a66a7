import type { FaqCategoryOnTv, FaqConfigPart } from '@htv/shared/areas/faq/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useRemote } from '../host';
import { areaWords, type AreaPageProps } from '../registry';
import { RichText } from '../rich-text';

const zh = { title: '常见问题', empty: '酒店暂未发布常见问题', hint: '↑/↓ 选择 · →/OK 打开 · ← 返回上一栏 · 返回 退出' };
const en: typeof zh = { title: 'Frequently asked questions', empty: 'The hotel has not published any questions yet', hint: '↑/↓ choose · →/OK open · ← previous column · Back exit' };

/** A category's name in the content language: its English name outside Chinese, when it has one. */
const nameIn = (category: FaqCategoryOnTv, lang: ContentLang) => (lang.startsWith('zh') ? category.name : category.nameEn || category.name);

type Column = 'categories' | 'questions' | 'answer';
const NEXT: Record<Column, Column> = { categories: 'questions', questions: 'answer', answer: 'answer' };
const PREVIOUS: Record<Column, Column> = { categories: 'categories', questions: 'categories', answer: 'questions' };

const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '1vh', padding: '2vh', borderRadius: 12, background: 'rgba(255,255,255,.06)', overflow: 'hidden', minHeight: 0 };
const row = (selected: boolean, focused: boolean): CSSProperties => ({
  padding: '1.4vh 2vh',
  borderRadius: 8,
  background: selected ? (focused ? '#f5a623' : 'rgba(245,166,35,.25)') : 'transparent',
  color: selected && focused ? '#14233d' : '#fff',
  flexShrink: 0,
});

/** Keeps the chosen row in view of its scrolling column. */
function useShown(index: number) {
  const list = useRef<HTMLDivElement>(null);
  // A block body: scroll methods answer a promise in newer browsers, which React would take for a cleanup.
  useEffect(() => {
    list.current?.children[index]?.scrollIntoView({ block: 'nearest' });
  }, [index]);
  return list;
}

/**
 * The hotel's FAQ full screen: its categories on the left, the chosen category's questions, and the
 * chosen question's answer. The arrows move within a column (↑/↓, scrolling the answer) and between
 * columns (←/→, OK goes right); Back is the host's (back to the launcher).
 */
export function Page({ part, lang }: AreaPageProps<FaqConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const categories = part?.categories ?? [];
  const [column, setColumn] = useState<Column>('categories');
  const [at, setAt] = useState({ category: 0, question: 0 });
  const category = categories[Math.min(at.category, categories.length - 1)];
  const questions = category?.entries ?? [];
  const question = questions[Math.min(at.question, questions.length - 1)];
  const answer = useRef<HTMLDivElement>(null);
  const categoryList = useShown(at.category);
  const questionList = useShown(at.question);

  useRemote((key) => {
    if (!category) return;
    if (key === 'ArrowRight' || key === 'Enter') return setColumn(NEXT[column]);
    if (key === 'ArrowLeft') return setColumn(PREVIOUS[column]);
    if (key !== 'ArrowUp' && key !== 'ArrowDown') return;
    const step = key === 'ArrowUp' ? -1 : 1;
    if (column === 'answer') return void answer.current?.scrollBy({ top: step * answer.current.clientHeight * 0.4 });
    if (column === 'categories') return setAt({ category: Math.max(0, Math.min(categories.length - 1, at.category + step)), question: 0 });
    setAt({ ...at, question: Math.max(0, Math.min(questions.length - 1, at.question + step)) });
  });
  // A new answer starts at its top.
  useEffect(() => {
    answer.current?.scrollTo({ top: 0 });
  }, [question?.id]);

  return (
    <div data-testid="faq-page" data-column={column} style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: '5vh 5vw', gap: '3vh', fontSize: '2.6vh', fontFamily: 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif' }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
      {!category ? (
        <div data-testid="faq-empty" style={{ ...panel, flex: 1, alignItems: 'center', justifyContent: 'center', opacity: 0.8 }}>
          {w.empty}
        </div>
      ) : (
        <div style={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 1.6fr 2.6fr', gap: '2vw', minHeight: 0 }}>
          <div ref={categoryList} style={panel}>
            {categories.map((item, i) => (
              <div key={item.id} data-testid="faq-category" data-selected={i === at.category ? 'true' : undefined} data-focused={i === at.category && column === 'categories' ? 'true' : undefined} style={row(i === at.category, column === 'categories')}>
                {nameIn(item, lang)}
              </div>
            ))}
          </div>
          <div ref={questionList} style={panel}>
            {questions.map((item, i) => (
              <div key={item.id} data-testid="faq-question" data-selected={i === at.question ? 'true' : undefined} data-focused={i === at.question && column === 'questions' ? 'true' : undefined} style={row(i === at.question, column === 'questions')}>
                {item.title}
              </div>
            ))}
          </div>
          <div ref={answer} data-testid="faq-answer" data-focused={column === 'answer' ? 'true' : undefined} style={{ ...panel, display: 'block', overflowY: 'auto', lineHeight: 1.6, outline: column === 'answer' ? '3px solid #f5a623' : 'none' }}>
            {question && (
              <>
                <div style={{ fontSize: '3.2vh', fontWeight: 700, marginBottom: '2vh' }}>{question.title}</div>
                <RichText html={question.content} />
              </>
            )}
          </div>
        </div>
      )}
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{w.hint}</div>
    </div>
  );
}
