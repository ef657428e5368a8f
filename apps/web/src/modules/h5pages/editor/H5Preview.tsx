/**
 * The phone preview: the draft being typed, rendered by the server's renderer (the public
 * page's), in an iframe 375 px wide. It asks again 400 ms after the typing stops; while the
 * values do not pass their checks it keeps the last page and says why. The public page loads its
 * images from the public media route, which serves only published pages' files: here they are
 * read with the session (the file store) and shown as object URLs.
 */
import { downloadFile } from '@bo/contract/files/files';
import type { H5Endpoints, H5Lang } from '@bo/contract/h5pages/h5-pages';
import { Alert, Card, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../shared/http/error-text';
import { call, download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import type { H5Body } from '../h5pages.queries';

const PHONE_WIDTH = 375;

/** The renderer's HTML with each stored image (`data-file`) pointing at an object URL made from the file store. */
async function withLocalImages(html: string, urls: Map<number, string>, signal: AbortSignal): Promise<string> {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const img of Array.from(doc.querySelectorAll<HTMLImageElement>('img[data-file]'))) {
    const id = Number(img.dataset.file);
    let url = urls.get(id);
    if (!url) {
      try {
        const { blob } = await download(downloadFile, { params: { id } }, { signal, silent: true });
        url = URL.createObjectURL(blob);
        urls.set(id, url);
      } catch {
        continue;
      }
    }
    img.src = url;
  }
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

export function H5Preview({ ep, body, id }: { ep: H5Endpoints; body: H5Body | null; id: number | null }) {
  const { t, lang: uiLang } = useTexts();
  const [lang, setLang] = useState<H5Lang>(uiLang);
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const urls = useRef(new Map<number, string>());
  // The body as text: the preview asks again when what is typed changes, not on every render.
  const asked = body ? JSON.stringify(body) : null;

  useEffect(() => {
    if (!asked) return;
    const typed = JSON.parse(asked) as H5Body;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      call(ep.preview, { body: { ...typed, lang, id } }, { signal: abort.signal, silent: true })
        .then((r) => withLocalImages(r.html, urls.current, abort.signal))
        .then((page) => {
          setHtml(page);
          setProblem(null);
        })
        .catch((err) => {
          if (!abort.signal.aborted) setProblem(errorText(err, uiLang));
        })
        .finally(() => {
          if (!abort.signal.aborted) setLoading(false);
        });
    }, 400);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [asked, lang, id, ep, uiLang]);

  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const u of made.values()) URL.revokeObjectURL(u);
    };
  }, []);

  return (
    <Card
      size="small"
      title={t('h5Pages.preview.title')}
      extra={
        <Segmented<H5Lang>
          size="small"
          value={lang}
          onChange={setLang}
          options={[
            { value: 'zh-CN', label: '中文' },
            { value: 'en-US', label: 'English' },
          ]}
          aria-label={t('h5Pages.preview.lang')}
          data-testid="h5-preview-lang"
        />
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {problem && (
          <Alert
            type="warning"
            showIcon
            title={t('h5Pages.preview.invalid', { text: problem })}
            data-testid="h5-preview-problem"
          />
        )}
        <Spin spinning={loading}>
          <div
            style={{
              width: PHONE_WIDTH + 16,
              margin: '0 auto',
              padding: 8,
              borderRadius: 24,
              background: '#1f1f1f',
            }}
          >
            <iframe
              title={t('h5Pages.preview.title')}
              srcDoc={html ?? ''}
              // No scripts at all; same origin only so that the images' object URLs load.
              sandbox="allow-same-origin"
              style={{ width: PHONE_WIDTH, height: 640, border: 0, borderRadius: 16, background: '#fff', display: 'block' }}
              data-testid="h5-preview"
            />
          </div>
        </Spin>
        <Typography.Text type="secondary">{t('h5Pages.preview.note')}</Typography.Text>
      </Space>
    </Card>
  );
}
