import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../app/lazyPage';

/**
 * What a page that failed shows inside the shell: for a ChunkLoadError (its code is missing or took
 * longer than 120 s) a clear "could not be loaded" page with a reload button (spec §8), otherwise a
 * generic error with the same way out.
 */
export function PageFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status={chunk ? 'warning' : '500'}
      title={chunk ? t('errorPage.chunkTitle') : t('errorPage.pageError')}
      subTitle={chunk ? t('errorPage.chunkError') : undefined}
      data-testid={chunk ? 'chunk-error' : 'page-error'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      }
    />
  );
}

interface State {
  error: unknown;
}

/** Keeps one page's failure inside its tab: the shell, the menu and the other tabs stay usable. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Script errors are logged (spec §8: pushed to an error log; the server has no collector yet).
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <PageFailure error={this.state.error} /> : this.props.children;
  }
}
