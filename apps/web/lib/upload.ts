import type { Api } from './api/endpoints'

export const SUPPORT_UPLOAD_DIRECTORY = 'attachments'
export const SUPPORT_MAX_FILE_BYTES = 10 * 1024 * 1024

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * Presigned upload (spec §7): `GET /support-tickets/presigned-url-for-uploading` with extension, directory,
 * fileName, nonSuffix, then PUT the file as the body to the returned URL. Returns the stored file's reference.
 */
export const uploadSupportFile = async (api: Api, file: File, token?: string | null): Promise<string> => {
  const target = await api.getSupportUploadUrl(
    {
      extension: fileExtension(file.name),
      directory: SUPPORT_UPLOAD_DIRECTORY,
      fileName: file.name,
      nonSuffix: false,
    },
    token,
  )
  if (!target?.url) throw new Error('No upload URL')
  const response = await fetch(target.url, {
    method: target.method ?? 'PUT',
    body: file,
    headers: {
      'content-type': target.contentType ?? (file.type || 'application/octet-stream'),
      ...target.headers,
    },
  })
  if (!response.ok) throw new Error(`Upload failed with status ${response.status}`)
  return target.key ?? target.path ?? target.fileUrl ?? target.url.split('?')[0] ?? target.url
}
