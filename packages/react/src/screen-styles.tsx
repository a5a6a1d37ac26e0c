// A screen group's own stylesheet, rendered with the screen (see methods/*/…-css.ts): a plain <style> in place,
// inside the shadow root when the widget renders in one, after the widget's main stylesheet in document order.
// Its selectors are all `.gh-` classes, so rendering it twice (two widgets on a page) changes nothing.
export function ScreenStyles({ css }: { css: string }) {
  return <style data-gatehouse-screen-styles="">{css}</style>;
}
