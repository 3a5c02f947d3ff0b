import { getTranslations } from 'next-intl/server'
import type { NewsPost } from '@/lib/api/types'
import type { PublicConfig } from '@/lib/config'
import { mediaUrl } from '@/lib/media'
import { responsiveSrcSet } from '@/lib/images'
import { LazyImage } from '@/components/ui/LazyImage'

/**
 * News from `GET /api/v1/news?locale=…` (server-rendered); images lazy-loaded with the 200px margin. When the page's
 * language has no posts the API sends Vietnamese ones: a note says so and each post is marked with its language.
 */
export async function News({
  locale,
  posts,
  config,
}: {
  locale: string
  posts: NewsPost[]
  config: PublicConfig
}) {
  const [t, site] = await Promise.all([
    getTranslations({ locale, namespace: 'news' }),
    getTranslations({ locale, namespace: 'site.news' }),
  ])
  const fallback = posts.length > 0 && posts.every((post) => post.locale && post.locale !== locale)
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', {
    dateStyle: 'medium',
    timeZone: 'Asia/Ho_Chi_Minh',
  })
  return (
    <section id="news" className="section section-alt" aria-labelledby="news-title">
      <div className="container">
        <h2 id="news-title">{t('title')}</h2>
        {fallback && (
          <p className="muted" data-testid="news-fallback">
            {site('fallback')}
          </p>
        )}
        {posts.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <ul className="news-list" lang={fallback ? posts[0]!.locale : undefined}>
            {posts.map((post, index) => {
              const image = post.thumbnailUrl ?? post.imageUrl
              const src = image ? mediaUrl(image, config.cdnUrl) : ''
              const href = post.url ?? post.link
              const when = post.publishedAt ?? post.createdAt
              return (
                <li key={post.slug ?? post.id ?? index} className="news-item" data-slug={post.slug}>
                  {src && (
                    <LazyImage
                      className="news-image"
                      src={src}
                      srcSet={responsiveSrcSet(src, config.webUrl)}
                      sizes="(max-width: 768px) 100vw, 33vw"
                      alt=""
                      width={640}
                      height={360}
                    />
                  )}
                  <h3>{post.title}</h3>
                  {when && (
                    <p className="muted">
                      <time dateTime={when}>{date.format(new Date(when))}</time>
                    </p>
                  )}
                  {(post.summary ?? post.excerpt) && <p>{post.summary ?? post.excerpt}</p>}
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('readMore', { title: post.title })}
                    >
                      {t('readMoreShort')}
                    </a>
                  ) : (
                    post.content && (
                      <details>
                        <summary>{t('readMoreShort')}</summary>
                        {post.content.split(/\n{2,}/).map((paragraph, i) => (
                          <p key={i}>{paragraph}</p>
                        ))}
                      </details>
                    )
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
