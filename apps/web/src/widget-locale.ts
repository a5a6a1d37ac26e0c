// Issue 27 item 2: the web app hands its locale to the widget it embeds, so the sign-in form, the reset form and
// the app around them speak one language. The widget's components take a `locale` prop (BCP 47) through the
// widget's own localization (packages/react); these typed views pass it whether or not the @gatehouse/react in
// this checkout declares it yet: an optional prop the components ignore until they read it. Once the widget's
// change is merged, the casts are no-ops and can go.
import { Login, type MountedWidget, mountLogin, ResetPassword } from '@gatehouse/react';
import type { ComponentProps, ComponentType } from 'react';

type WithLocale<Props> = Props & { locale?: string };

export const LocalizedLogin = Login as ComponentType<WithLocale<ComponentProps<typeof Login>>>;
export const LocalizedResetPassword = ResetPassword as ComponentType<
  WithLocale<ComponentProps<typeof ResetPassword>>
>;
export const mountLocalizedLogin = mountLogin as (
  options: WithLocale<Parameters<typeof mountLogin>[0]>,
) => MountedWidget;
