import { getTranslations } from 'next-intl/server'
import type { NewsPost } from '@/lib/api/types'
import { mediaUrl } from '@/lib/media'
import { responsiveSrcSet } from '@/lib/images'
import { LazyImage } from '@/components/ui/LazyImage'

export async function News({ locale, posts, cdnUrl }: { locale: string; posts: NewsPost[]; cdnUrl: string }) {
  const t = await getTranslations({ locale, namespace: 'news' })
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', {
    dateStyle: 'medium',
    timeZone: 'Asia/Ho_Chi_Minh',
  })
  return (
    <section id="news" className="section section-alt" aria-labelledby="news-title">
      <div className="container">
        <h2 id="news-title">{t('title')}</h2>
        {posts.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <ul className="news-list">
            {posts.map((post, index) => {
              const image = post.thumbnail ?? post.imageUrl
              const src = image ? mediaUrl(image, cdnUrl) : ''
              const href = post.url ?? post.link
              const when = post.publishedAt ?? post.createdAt
              return (
                <li key={post.id ?? post.slug ?? index} className="news-item">
                  {src && (
                    <LazyImage
                      className="news-image"
                      src={src}
                      srcSet={responsiveSrcSet(src)}
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
                  {href && (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('readMore', { title: post.title })}
                    >
                      {t('readMoreShort')}
                    </a>
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
