'use client'
import { useCallback, useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { toast } from '@/lib/store/toast-store'
import {
  adminErrorKey,
  useAdminApi,
  type ProviderProbe,
  type VoiceProvider,
  type VoiceProviderInput,
} from './admin-api'
import { useAdminCommand } from './use-admin-command'
import { toggled, VoiceProviderForm } from './VoiceProviderForm'

/** Probe codes the screen explains; anything else shows the provider's own message. */
const PROBE_CODES = new Set([
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_REJECTED',
  'PROVIDER_NO_AUDIO',
  'VOICE_PROVIDER_KEY_NOT_SET',
])

/** What "test connection" found, said in a line. */
function ProbeLine({ probe }: { probe: ProviderProbe }) {
  const t = useTranslations('admin')
  if (probe.ok)
    return (
      <p role="status" className="admin-ok">
        {t('providers.probeOk', {
          voice: probe.voice,
          seconds: ((probe.audioMs ?? 0) / 1000).toFixed(1),
          ms: probe.ms,
        })}
      </p>
    )
  const code = probe.errorCode ?? ''
  return (
    <p role="status" className="admin-error">
      {t('providers.probeFailed', {
        code,
        reason: PROBE_CODES.has(code) ? t(`providers.probe.${code}`) : '',
        message: probe.errorMessage ?? '',
      })}
    </p>
  )
}

/**
 * The voice providers whose voices Loa sells (issue #26 §2): those of `VOICE_PROVIDERS_FILE` (read-only here) and
 * those the operator adds — kind, base URL, the variable holding the key, limits, enabled, voices. "Test
 * connection" speaks one short sentence through a provider. A save takes effect at once on this server (the
 * provider's voices join or leave the catalogue below) and on the others within seconds.
 */
export function VoiceProviders({ onChanged }: { onChanged: () => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const { busy, run } = useAdminCommand()
  const [listing, setListing] = useState<{ providers: VoiceProvider[]; keyPrefix: string } | null>(null)
  /** The provider being edited ('' = a new one), or null. */
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [probes, setProbes] = useState<Record<string, ProviderProbe>>({})
  const [testing, setTesting] = useState<string | null>(null)
  const load = useCallback(
    () =>
      api
        .voiceProviders()
        .then(setListing)
        .catch((error: unknown) => toast.error(t(adminErrorKey(error)))),
    [api, t],
  )
  useEffect(() => void load(), [load])

  const after = async (done: unknown) => {
    if (!done) return
    setEditing(null)
    setDeleting(null)
    await load()
    onChanged()
  }
  /** Adds (no `provider`) or changes a provider; on success the list and the catalogue are read again. */
  const save = async (provider: VoiceProvider | undefined, id: string, input: VoiceProviderInput) =>
    after(
      await run(
        () => (provider ? api.saveVoiceProvider(provider.id, input) : api.addVoiceProvider(id, input)),
        (saved) => t('providers.saved', { id: saved.id }),
      ),
    )
  const test = async (id: string) => {
    setTesting(id)
    try {
      const probe = await api.testVoiceProvider(id)
      setProbes((p) => ({ ...p, [id]: probe }))
    } catch (error) {
      toast.error(t(adminErrorKey(error)))
    } finally {
      setTesting(null)
    }
  }

  return (
    <section className="admin-section" aria-labelledby="voice-providers" data-testid="voice-providers">
      <h2 id="voice-providers">{t('providers.title')}</h2>
      {!listing && <p aria-busy="true">{t('loading')}</p>}
      {listing && (
        <>
          <p className="admin-muted">{t('providers.hint', { prefix: listing.keyPrefix })}</p>
          {listing.providers.length === 0 && <p>{t('providers.none')}</p>}
          <ul className="admin-voices">
            {listing.providers.map((p) => (
              <li key={p.id} className="admin-voice" data-testid={`provider-${p.id}`}>
                <h3>
                  {p.id} <small className="admin-muted">({t(`providers.kinds.${p.kind}`)})</small>
                </h3>
                <p>
                  {t(`providers.states.${p.state}`)}
                  {p.source === 'file' && <> · {t('providers.fromFile')}</>}
                  {p.problem && <> · {p.problem}</>}
                </p>
                <p className="admin-muted admin-break">
                  {p.baseUrl} ·{' '}
                  {p.apiKeyEnv
                    ? t(p.keySet ? 'providers.keySet' : 'providers.keyNotSet', { name: p.apiKeyEnv })
                    : t('providers.noKey')}{' '}
                  ·{' '}
                  {t('providers.limits', {
                    concurrency: p.concurrency,
                    timeout: p.timeoutMs,
                    retries: p.maxRetries,
                  })}
                </p>
                <p>
                  {t('providers.voiceList', {
                    voices: p.voices.map((v) => `${v.name} (${v.code})`).join(', '),
                  })}
                </p>
                <div className="admin-inline">
                  <Button
                    busy={testing === p.id}
                    aria-label={`${t('providers.test')} ${p.id}`}
                    onClick={() => void test(p.id)}
                  >
                    {t('providers.test')}
                  </Button>
                  {p.source === 'screen' && (
                    <>
                      <Button
                        variant="quiet"
                        aria-label={`${t('providers.edit')} ${p.id}`}
                        onClick={() => setEditing(p.id)}
                      >
                        {t('providers.edit')}
                      </Button>
                      <Button
                        variant="quiet"
                        busy={busy}
                        aria-label={`${t(p.enabled ? 'providers.disable' : 'providers.enable')} ${p.id}`}
                        onClick={() => void save(p, p.id, toggled(p, !p.enabled))}
                      >
                        {t(p.enabled ? 'providers.disable' : 'providers.enable')}
                      </Button>
                      {deleting === p.id ? (
                        <>
                          <Button
                            variant="danger"
                            busy={busy}
                            onClick={() =>
                              void run(
                                () => api.deleteVoiceProvider(p.id),
                                () => t('providers.deleted', { id: p.id }),
                              ).then(after)
                            }
                          >
                            {t('providers.deleteConfirm', { id: p.id })}
                          </Button>
                          <Button variant="quiet" onClick={() => setDeleting(null)}>
                            {t('cancel')}
                          </Button>
                        </>
                      ) : (
                        <Button
                          variant="quiet"
                          aria-label={`${t('providers.delete')} ${p.id}`}
                          onClick={() => setDeleting(p.id)}
                        >
                          {t('providers.delete')}
                        </Button>
                      )}
                    </>
                  )}
                </div>
                {probes[p.id] && <ProbeLine probe={probes[p.id]!} />}
                {editing === p.id && (
                  <VoiceProviderForm
                    provider={p}
                    keyPrefix={listing.keyPrefix}
                    busy={busy}
                    onSubmit={(id, input) => void save(p, id, input)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </li>
            ))}
          </ul>
          {editing === '' ? (
            <VoiceProviderForm
              keyPrefix={listing.keyPrefix}
              busy={busy}
              onSubmit={(id, input) => void save(undefined, id, input)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Button variant="primary" onClick={() => setEditing('')}>
              {t('providers.add')}
            </Button>
          )}
        </>
      )}
    </section>
  )
}
