// @vitest-environment happy-dom
/**
 * The banner's image input: an image the server refuses for the slot shows the refusal in the
 * user's language (from its field code, with the slot's figures); an accepted one becomes the
 * form's file id and its thumbnail is fetched with the session.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTexts } from '../../../shared/i18n/module-texts';
import {
  initTexts,
  installBrowserStubs,
  mockFetch,
  mockXhr,
  ok,
  refused,
  withProviders,
} from '../../../shared/kit/test/dom-harness';
import { appContentTexts } from '../appcontent.locale';
import { BannerImageInput } from './BannerImageInput';

beforeAll(async () => {
  installBrowserStubs();
  await initTexts('en-US');
  addTexts(appContentTexts);
  URL.createObjectURL ??= () => 'blob:thumb';
  URL.revokeObjectURL ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('BannerImageInput', () => {
  it('shows the slot’s rule and a refusal in the user’s language', async () => {
    const sent = mockXhr(() =>
      refused(400, 40000, 'file: The image must be 3:1', {
        fields: [
          { path: 'file', code: 'appContent.imageSize', params: { w: 3, h: 1, min: 750, max: 2250, mb: 1 }, message: 'x' },
        ],
      }),
    );
    const onChange = vi.fn();
    render(withProviders(<BannerImageInput slot="device" onChange={onChange} />).tree);
    await screen.findByText('3:1, 750–2250 px wide, up to 1 MB; PNG, JPEG, GIF or WebP');
    fireEvent.change(screen.getByTestId('banner-image-file'), { target: { files: [file('square.png')] } });
    expect(await screen.findByTestId('banner-image-error')).toHaveProperty(
      'textContent',
      expect.stringContaining('3:1, 750–2250 px wide'),
    );
    expect(sent[0]?.url.pathname).toBe('/api/appcontent/rest/v1/banners/device/image');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes an accepted image as the file id and shows its thumbnail', async () => {
    mockXhr(() =>
      ok({
        id: 42,
        purpose: 'image',
        name: 'a.png',
        size: 3,
        type: 'png',
        contentType: 'image/png',
        sha256: 'x',
        width: 1125,
        height: 375,
        hasThumb: true,
        entity: null,
        createdAt: '2026-11-28T00:00:00Z',
      }),
    );
    const fetched = mockFetch(
      () => new Response(new Blob([new Uint8Array([1])]), { status: 200, headers: { 'content-type': 'image/webp' } }),
    );
    const onChange = vi.fn();
    const { rerender } = render(withProviders(<BannerImageInput slot="device" onChange={onChange} />).tree);
    fireEvent.change(screen.getByTestId('banner-image-file'), { target: { files: [file('wide.png')] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(42));
    rerender(withProviders(<BannerImageInput slot="device" value={42} size={{ width: 1125, height: 375 }} />).tree);
    await screen.findByTestId('banner-image-thumb');
    expect(screen.getByText('1125 × 375')).toBeTruthy();
    expect(String(fetched.mock.calls[0]?.[0])).toContain('/api/files/42?thumb=1');
  });
});
