// Issue 23 item 2: what the visitor did on the pre-painted form (./pre-paint.ts), handed to the widget's first
// render by ./mount-react.tsx. Read once, when the frame mounts (widget-root.tsx): the typed address becomes the
// state's e-mail, and the 'Powered by' line keeps the place the pre-paint gave it. Null for every other mount.
import { createContext } from 'react';
import type { CarriedInput } from './pre-paint';

export const PrePaintCarryContext = createContext<CarriedInput | null>(null);
