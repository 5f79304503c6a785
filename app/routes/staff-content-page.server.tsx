// The built-in text of the pages the shop ships with (about, privacy policy) as HTML: where the
// editor starts until staff save their own version.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AboutText } from './about';
import { PrivacyPolicyText } from './privacy-policy';

const BUILT_IN: Record<string, () => React.ReactElement> = {
  about: () => <AboutText />,
  'privacy-policy': () => <PrivacyPolicyText />,
};

export function builtInPageHtml(slug: string): string {
  const render = BUILT_IN[slug];
  return render ? renderToStaticMarkup(<MemoryRouter>{render()}</MemoryRouter>) : '';
}
