// SPEC §2 "Every back arrow returns to Main": an accessible button named 'Back' with a decorative arrow.
import { ScreenStyles } from './screen-styles';
import { SCREENS_CSS } from './screens-css';
import { useWidget } from './widget-context';

export function BackButton({ onBack }: { onBack?: () => void }) {
  const { strings, dispatch } = useWidget();
  return (
    <>
      <ScreenStyles css={SCREENS_CSS} />
      <button
        type="button"
        className="gh-back-button"
        aria-label={strings.back}
        onClick={() => {
          onBack?.();
          dispatch({ type: 'back' });
        }}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <path
            d="M12.5 4 6.5 10l6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </>
  );
}
