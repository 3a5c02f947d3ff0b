/**
 * The reference's operation summaries in Vietnamese, by `METHOD /path` (the public document is written in
 * English). An operation missing here shows its English summary; the docs e2e spec lists any such operation.
 */
export const SUMMARIES_VI: Record<string, string> = {
  'POST /v1/tts': 'Tổng hợp giọng nói (đồng bộ cho văn bản ngắn, không đồng bộ kèm webhook)',
  'GET /v1/tts/requests/{requestId}':
    'Hỏi lại một yêu cầu: trạng thái, tiến độ, đường dẫn âm thanh và dòng thời gian, số ký tự bị tính, mã lỗi',
  'GET /v1/tts/requests': 'Các yêu cầu của ứng dụng, mới nhất trước (nhật ký yêu cầu), theo dạng v1',
  'GET /v1/voices': 'Các giọng mà một yêu cầu v1 được dùng (công khai)',
  'POST /api/v1/tts': 'Bắt đầu tổng hợp (tương thích Vbee); kết quả được POST tới callback_url',
  'GET /api/v1/tts/{request_id}': 'Trạng thái, tiến độ và đường dẫn âm thanh của một yêu cầu',
  'POST /hmi/tts/v5': 'Text-to-speech v5 của FPT.AI, gọi đúng như gọi FPT.AI: chỉ đổi địa chỉ máy chủ',
  'POST /v1/audio/speech':
    'Đọc một văn bản (API speech của OpenAI): âm thanh ngay khi được tạo, hoặc các sự kiện SSE',
  'GET /v1/models': 'Các mô hình mà `POST /v1/audio/speech` nhận (tên của OpenAI và các bộ máy của Loa)',
  'GET /v1/models/{model}': 'Một mô hình',
  'GET /v1/audio/voices': 'Các giọng cho `voice`: tên của OpenAI cùng giọng Loa tương ứng, rồi mọi giọng Loa',
  'POST /api/v1/tts/stream': 'Tổng hợp tối đa 4096 ký tự và phát âm thanh ngay khi được tạo',
  'POST /v1/tts/stream-tickets': 'Vé dùng một lần (60 giây) để trình duyệt mở WebSocket nhập văn bản',
  'POST /api/v1/dubbing':
    'Lồng tiếng phụ đề (văn bản hoặc đường dẫn), mỗi người nói một giọng; kết quả qua callback hoặc GET',
  'GET /api/v1/dubbing/{render_id}':
    'Một bản dựng của ứng dụng (trạng thái, tóm tắt độ khớp, đường dẫn có chữ ký tới các tệp)',
  'POST /api/v1/call-prompts/check':
    'Kiểm tra kịch bản và các dòng (miễn phí): từng giá trị đọc theo kiểu, lỗi theo dòng, chi phí',
  'POST /api/v1/call-prompts/preview':
    'Một dòng sẽ được đọc thế nào (miễn phí): lời thoại đã điền, chuẩn hóa theo từ điển của người gọi',
  'POST /api/v1/call-prompts':
    'Tạo tệp tổng đài cho mọi dòng của kịch bản (một tác vụ; ZIP kèm manifest.csv); credit được giữ ngay, dòng tạo xong mới bị tính',
  'GET /api/v1/call-prompts':
    'Các tác vụ lời thoại tổng đài của người gọi (mới nhất trước) và credit lời thoại',
  'GET /api/v1/call-prompts/{id}':
    'Một tác vụ: trạng thái, tiến độ, số dòng xong và lỗi, đường dẫn ZIP khi thành công',
  'DELETE /api/v1/call-prompts/{id}': 'Hủy một tác vụ đang chạy (credit được trả lại; không tạo ZIP)',
  'GET /api/v1/tts/{request_id}/callback-result': 'Mọi lần gửi callback (nội dung, mã HTTP, thời điểm)',
  'GET /api/v1/api-apps/{id}/requests/{request_id}/callbacks':
    'Mọi lần gửi callback của một yêu cầu của ứng dụng (như callback-result, không cần token ứng dụng)',
  'GET /api/v1/api-apps/{id}/usage':
    'Số yêu cầu và số ký tự của một ứng dụng theo ngày (giờ Việt Nam, ngày trống ghi 0)',
  'GET /api/v1/api-apps/{id}/requests': 'Các yêu cầu của ứng dụng (API và phát trực tuyến), mới nhất trước',
}
