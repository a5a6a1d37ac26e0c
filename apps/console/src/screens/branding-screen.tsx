// Issue 26 "Branding": the theme keys of SPEC §2 for the project (its `theme` setting, which bootstrap sends and the
// widget paints: packages/server/src/infra/theme-schema.ts) — an editor of a draft (branding-editor.tsx), a live
// preview of the real widget painted with that draft (branding-preview.tsx), and publish: PATCH the project's
// settings.theme (the server checks it as the project file would and records project.updated). Nothing is sent
// until Publish; "Discard changes" returns to the published theme, "Reset all to defaults" empties the draft.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProjectDetail } from '../admin-types';
import { RequireScope, useProjectId } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { BrandingEditor } from './branding-editor';
import { BrandingPreview, type PreviewSettings } from './branding-preview';
import { draftOf, invalidPaths, sameTheme, type ThemeDraft, themeOf } from './branding-theme';

export function BrandingScreen() {
  useDocumentTitle(STRINGS.branding.title);
  return (
    <RequireScope scope="projects:read" title={STRINGS.branding.heading}>
      <Branding />
    </RequireScope>
  );
}

function Branding() {
  const { api } = useServices();
  const projectId = useProjectId();
  const project = useQuery({
    queryKey: ['project', projectId],
    queryFn: () => api.project(projectId),
  });
  return (
    <Page title={STRINGS.branding.heading} busy={project.isFetching}>
      <p className="page-intro">{STRINGS.branding.intro}</p>
      {project.isPending ? (
        <LoadingState />
      ) : project.isError ? (
        <ErrorState error={project.error} onRetry={() => void project.refetch()} />
      ) : (
        // Keyed: another project starts from its own published theme.
        <BrandingWorkspace key={project.data.project.id} project={project.data.project} />
      )}
    </Page>
  );
}

function BrandingWorkspace({ project }: { project: ProjectDetail }) {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const [published, setPublished] = useState<ThemeDraft>(() => draftOf(project.settings.theme));
  const [draft, setDraft] = useState<ThemeDraft>(published);
  const [preview, setPreview] = useState<PreviewSettings>({ mode: 'login', scheme: 'light', width: '400' });
  const [status, setStatus] = useState('');
  const readOnly = project.from_project_file || !can('projects:write');
  const invalid = invalidPaths(draft);
  const changed = !sameTheme(draft, published);

  const publish = useMutation({
    mutationFn: () => api.publishTheme(project.id, themeOf(draft)),
    onSuccess: (result) => {
      const next = draftOf(result.project.settings.theme);
      setPublished(next);
      setDraft(next);
      setStatus(STRINGS.branding.published);
      queryClient.setQueryData(['project', project.id], result);
    },
  });

  const change = (path: string, value: string | boolean | undefined) => {
    setStatus('');
    publish.reset();
    setDraft((current) => {
      const next = { ...current };
      if (value === undefined) delete next[path];
      else next[path] = value;
      return next;
    });
  };

  return (
    <div className="branding">
      <section className="panel branding-theme" aria-labelledby="branding-editor-heading">
        <div className="panel-header">
          <h2 id="branding-editor-heading">{STRINGS.branding.editorHeading}</h2>
          {project.from_project_file ? (
            <span className="badge">{STRINGS.branding.fromProjectFile}</span>
          ) : null}
        </div>
        {project.from_project_file ? (
          <p className="notice">{STRINGS.branding.readOnlyFile}</p>
        ) : readOnly ? (
          <p className="notice">{STRINGS.branding.readOnlyScope}</p>
        ) : null}
        <BrandingEditor draft={draft} readOnly={readOnly} onChange={change} />
        {readOnly ? null : (
          <div className="branding-actions">
            <p className="muted" data-testid="draft-state">
              {changed ? STRINGS.branding.unpublished : STRINGS.branding.upToDate}
            </p>
            {invalid.length > 0 ? (
              <p className="field-error" data-testid="draft-invalid">
                {STRINGS.branding.fixErrors(invalid.length)}
              </p>
            ) : null}
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={!changed || invalid.length > 0 || publish.isPending}
                onClick={() => publish.mutate()}
              >
                {publish.isPending ? STRINGS.branding.publishing : STRINGS.branding.publish}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={!changed || publish.isPending}
                onClick={() => {
                  publish.reset();
                  setDraft(published);
                }}
              >
                {STRINGS.branding.discard}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={Object.keys(draft).length === 0 || publish.isPending}
                onClick={() => {
                  publish.reset();
                  setStatus('');
                  setDraft({});
                }}
              >
                {STRINGS.branding.resetAll}
              </button>
            </div>
            <p className="status-line" role="status">
              {status}
            </p>
            {publish.isError ? <ErrorState error={publish.error} /> : null}
          </div>
        )}
      </section>
      <BrandingPreview
        theme={invalid.length > 0 ? themeOf(withoutPaths(draft, invalid)) : themeOf(draft)}
        settings={preview}
        onSettingsChange={setPreview}
        displayWatermark={project.settings.disable_sdk_watermark !== true}
      />
    </div>
  );
}

/** The draft without the values the server would refuse: the preview shows the default for those meanwhile. */
function withoutPaths(draft: ThemeDraft, paths: string[]): ThemeDraft {
  return Object.fromEntries(Object.entries(draft).filter(([path]) => !paths.includes(path)));
}
