import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSnackbars, dismissSnackbar } from '../../../core/snackbar';
import { dataUrlToBlob, elementSvg, exportChartPng, exportCsv, exportJson, withExtension } from './exporters';
import { captureDownloads } from '../../../../tests/setup/downloads';

const saved = captureDownloads();
afterEach(() => {
  vi.restoreAllMocks();
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

describe('exports', () => {
  it('downloads CSV with the $ header, piped object cells and neutralised formulas', async () => {
    exportCsv([{ name: '=cmd', perms: { read: true, write: false, admin: true } }], 'rules', { header: true });
    expect(saved[0]!.name).toBe('rules.csv');
    expect(await saved[0]!.blob.text()).toBe("$name,$perms\r\n'=cmd,read|admin\r\n");
    expect(currentSnackbars().at(-1)!.message).toBe('Downloading file ...');
  });
  it('downloads JSON', async () => {
    exportJson({ list: [1] }, 'doc.json');
    expect(saved[0]!.name).toBe('doc.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual({ list: [1] });
  });
  it('downloads the PNG a chart makes of itself', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const chart = { dataURI: vi.fn().mockResolvedValue({ imgURI: png }) };
    await expect(exportChartPng(chart, 'top-domains')).resolves.toBe(true);
    expect(chart.dataURI).toHaveBeenCalledWith({ scale: 2 });
    expect(saved[0]!.name).toBe('top-domains.png');
    expect(saved[0]!.blob.type).toBe('image/png');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });
  it('reports a chart that cannot draw itself', async () => {
    const chart = { dataURI: vi.fn().mockRejectedValue(new Error('Chart not rendered')) };
    await expect(exportChartPng(chart, 'x')).resolves.toBe(false);
    expect(currentSnackbars().at(-1)).toMatchObject({ kind: 'error', message: 'Chart not rendered' });
    expect(saved).toHaveLength(0);
  });
  it('draws an element with its styles through an SVG foreignObject', () => {
    const el = document.createElement('div');
    el.innerHTML = '<span style="color: red">Top domains</span>';
    document.body.append(el);
    const svg = elementSvg(el, 300, 200);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="200"><foreignObject/);
    expect(svg).toContain('Top domains');
    expect(svg).toContain('xmlns="http://www.w3.org/1999/xhtml"');
    expect(svg).toMatch(/color:\s*(red|rgb\(255, 0, 0\))/);
    el.remove();
  });
  it('saves a file under its name without bidirectional, zero-width or control characters', () => {
    exportJson({}, 'x\u202egpj\u200b\u0007.exe.json');
    expect(saved[0]!.name).toBe('xgpj.exe.json');
  });
  it('names files and decodes data URLs', async () => {
    expect(withExtension('a.CSV', '.csv')).toBe('a.CSV');
    expect(withExtension('a', '.csv')).toBe('a.csv');
    expect(await dataUrlToBlob('data:text/plain,hello%20world').text()).toBe('hello world');
  });
});
