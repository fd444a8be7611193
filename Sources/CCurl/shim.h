// libcurl for Swift: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which
// Swift cannot call, so each kind of argument boxoffice passes gets a typed wrapper here.
#ifndef BOXOFFICE_CCURL_SHIM_H
#define BOXOFFICE_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*boxoffice_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode boxoffice_curl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_callback(CURL *easy, CURLoption option, boxoffice_curl_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

static inline CURLcode boxoffice_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode boxoffice_curl_easy_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode boxoffice_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
