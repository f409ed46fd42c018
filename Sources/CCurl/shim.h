#include <curl/curl.h>

// libcurl's option setters are variadic, which Swift cannot call. These typed,
// non-variadic wrappers are the only way Swift code reaches them.

typedef size_t (*duokb_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*duokb_progress_callback)(void *userdata, curl_off_t download_total,
                                       curl_off_t download_now, curl_off_t upload_total,
                                       curl_off_t upload_now);

static inline CURLcode duokb_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_ptr(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_str(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_data_callback(CURL *handle, CURLoption option,
                                                   duokb_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode duokb_setopt_progress_callback(CURL *handle, CURLoption option,
                                                       duokb_progress_callback value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sets a blob option (such as CURLOPT_CAINFO_BLOB); libcurl copies the bytes.
static inline CURLcode duokb_setopt_blob(CURL *handle, CURLoption option, const void *data,
                                         size_t length) {
  struct curl_blob blob;
  blob.data = (void *)data;
  blob.len = length;
  blob.flags = CURL_BLOB_COPY;
  return curl_easy_setopt(handle, option, &blob);
}

static inline CURLMcode duokb_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

static inline CURLcode duokb_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode duokb_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode duokb_getinfo_str(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode duokb_getinfo_ptr(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

/// The transfer a finished CURLMsg is about, and its result code.
static inline CURL *duokb_message_handle(CURLMsg *message) { return message->easy_handle; }
static inline CURLcode duokb_message_result(CURLMsg *message) { return message->data.result; }
static inline int duokb_message_is_done(CURLMsg *message) { return message->msg == CURLMSG_DONE; }
