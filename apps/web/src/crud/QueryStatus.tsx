import { Alert, Spin } from 'antd';
import type { ReactNode } from 'react';
import { failureText } from '../api/client';

export interface QueryStatusProps {
  /** The query the content needs; null when there is none to wait for (a create form). */
  query: { isPending: boolean; isError: boolean; error: unknown } | null;
  /** Height kept while loading, so a dialog does not jump. */
  minHeight?: number;
  children: ReactNode;
}

/** A dialog's content behind its query: a spinner while it loads, the translated failure, else the content. */
export function QueryStatus({ query, minHeight = 160, children }: QueryStatusProps) {
  if (query?.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight }}>
        <Spin />
      </div>
    );
  }
  if (query?.isError) return <Alert type="error" showIcon title={failureText(query.error)} />;
  return <>{children}</>;
}
