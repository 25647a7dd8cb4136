import { describe, expect, it } from 'vitest';
import { renderInlineMarkdown, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders ordinary markdown', () => {
    expect(renderInlineMarkdown('**Open** now, see [the menu](https://example.com/menu)')).toBe(
      '<strong>Open</strong> now, see <a href="https://example.com/menu">the menu</a>',
    );
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript:, data: and vbscript: link targets', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
    ]) {
      const html = renderInlineMarkdown(`[click](${url})`);
      expect(html).toBe('<a href="">click</a>');
    }
    expect(renderInlineMarkdown('<javascript:alert(1)>')).not.toContain('href="javascript');
  });
});
