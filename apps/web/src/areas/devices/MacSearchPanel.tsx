import { UploadOutlined } from '@ant-design/icons';
import { MAX_MAC_SEARCH } from '@htv/shared/areas/devices/protocol';
import { Alert, Button, Input, Space, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { ApiError, showApiError } from '../../api/client';
import { PagedTable } from '../../crud/PagedTable';
import { isExcel, splitMacs, type MacSearchResult } from './api';
import { useDeviceText } from './locales';

export interface MacSearchPanelProps<T extends object, R extends MacSearchResult<T>> {
  /** One page of the terminals found among pasted MACs (the caller fixes the page size). */
  search: (macs: string[], page: number) => Promise<R>;
  /** The first page for an .xlsx the server reads; its answer names the MACs it read, for the next pages. */
  searchFile: (file: File) => Promise<R>;
  columns: ColumnsType<T>;
  /** Also takes a .txt file, read into the box and searched as if pasted. */
  txt?: boolean;
  /** What going over MAX_MAC_SEARCH says (default: the terminal search's words). */
  limitText?: string;
  /** Above the box: what this search is for. */
  intro?: ReactNode;
  /** Above the found count: what the answer says besides the terminals. */
  summary?: (result: R) => ReactNode;
  /** Prefix of the test ids: `<testId>-input`, `-run`, `-error`, `-found`, `-missing`, `-invalid`, `-table`. */
  testId: string;
}

/** The server's field messages of a refused search (the MAC limit, a malformed file), shown in the panel. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return undefined;
  return Object.values(error.errors).flat().join('; ');
}

/**
 * A batch MAC search (the console's terminals, a manufacturer's): MACs pasted or uploaded; the found
 * count, the missing and malformed entries, and the found terminals a page at a time.
 */
export function MacSearchPanel<T extends object, R extends MacSearchResult<T>>({ search, searchFile, columns, txt, limitText, intro, summary, testId }: MacSearchPanelProps<T, R>) {
  const d = useDeviceText();
  const [text, setText] = useState('');
  const [macs, setMacs] = useState<string[]>([]);
  const [result, setResult] = useState<R>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const count = splitMacs(text).length;

  const run = async (load: () => Promise<R>) => {
    setLoading(true);
    setError(undefined);
    try {
      const answer = await load();
      setResult(answer);
      if (answer.macs) setMacs(answer.macs);
    } catch (e) {
      const message = refusal(e);
      if (message) setError(message);
      else showApiError(e);
    } finally {
      setLoading(false);
    }
  };

  const searchList = (list: string[]) => {
    if (!list.length) return setError(d('macRequired'));
    if (list.length > MAX_MAC_SEARCH) return setError(limitText ?? d('macSearchLimit'));
    setMacs(list);
    void run(() => search(list, 1));
  };

  const upload = (file: File) => {
    if (isExcel(file)) {
      setText('');
      void run(() => searchFile(file));
    } else if (txt && /\.txt$/i.test(file.name)) {
      void file.text().then((content) => {
        setText(content);
        searchList(splitMacs(content));
      });
    } else {
      setError(d(txt ? 'onlyTxtOrExcel' : 'onlyExcel'));
    }
    // The file is read here, not uploaded by the Upload itself.
    return false;
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      {intro && <Typography.Text type="secondary">{intro}</Typography.Text>}
      <Input.TextArea rows={5} value={text} onChange={(e) => setText(e.target.value)} placeholder={d('macListHelp')} data-testid={`${testId}-input`} />
      <Space wrap>
        <Typography.Text type={count > MAX_MAC_SEARCH ? 'danger' : 'secondary'}>{d('macCount', { count })}</Typography.Text>
        <Button type="primary" onClick={() => searchList(splitMacs(text))} loading={loading} data-testid={`${testId}-run`}>
          {d('search')}
        </Button>
        <Upload accept={txt ? '.txt,.xlsx' : '.xlsx'} showUploadList={false} beforeUpload={upload}>
          <Button icon={<UploadOutlined />} loading={loading}>
            {d(txt ? 'uploadTxtOrExcel' : 'uploadExcel')}
          </Button>
        </Upload>
      </Space>
      {error && <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />}
      {result && (
        <>
          {summary?.(result)}
          <Typography.Text strong data-testid={`${testId}-found`}>
            {d('found', { count: result.total })}
          </Typography.Text>
          <Typography.Text>{d('missing', { count: result.missing.length })}</Typography.Text>
          <Input.TextArea readOnly rows={Math.min(4, Math.max(1, result.missing.length))} value={result.missing.join('\n') || d('none')} data-testid={`${testId}-missing`} />
          {result.invalid.length > 0 && (
            <>
              <Typography.Text type="warning">{d('invalid', { count: result.invalid.length })}</Typography.Text>
              <Input.TextArea readOnly rows={2} value={result.invalid.join('\n')} data-testid={`${testId}-invalid`} />
            </>
          )}
          <PagedTable<T>
            size="small"
            rowKey="id"
            columns={columns}
            data={result}
            loading={loading}
            page={result.page}
            pagesize={result.pagesize}
            sizes={false}
            onPage={(page) => void run(() => search(macs, page))}
            data-testid={`${testId}-table`}
          />
        </>
      )}
    </Space>
  );
}
