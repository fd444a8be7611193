// libcurl for Swift, loaded when a run first needs the network rather than when the binary starts.
//
// Why loaded, not linked: libcurl brings some thirty libraries of its own (TLS, Kerberos, LDAP, SSH
// …), and resolving them took 3.7 ms of every start (a Swift program linked with -lcurl started in
// 5.6 ms against 1.9 ms without), on every offline report and `report --sample` too. And why these
// wrappers: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
// cannot call, so each kind of argument boxoffice passes gets a typed one.
#ifndef BOXOFFICE_CCURL_SHIM_H
#define BOXOFFICE_CCURL_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// The libcurl functions boxoffice calls, looked up in the library once it is loaded.
typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *easy);
    CURLcode (*easy_setopt)(CURL *easy, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *easy, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMcode (*multi_cleanup)(CURLM *multi);
} boxoffice_curl_api;

/// Loads the library at `path` (NULL: the system's libcurl) into `api` and initialises it; 0 when
/// it cannot be loaded, lacks a function, or fails to initialise.
static inline int boxoffice_curl_load(boxoffice_curl_api *api, const char *path) {
#ifdef __APPLE__
    void *library = dlopen(path ? path : "libcurl.4.dylib", RTLD_LAZY | RTLD_LOCAL);
#else
    void *library = dlopen(path ? path : "libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
#endif
    if (!library) return 0;
#define BOXOFFICE_CURL_FIND(field, name) \
    if (!(*(void **)&api->field = dlsym(library, name))) return 0;
    BOXOFFICE_CURL_FIND(global_init, "curl_global_init")
    BOXOFFICE_CURL_FIND(easy_init, "curl_easy_init")
    BOXOFFICE_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    BOXOFFICE_CURL_FIND(easy_setopt, "curl_easy_setopt")
    BOXOFFICE_CURL_FIND(easy_getinfo, "curl_easy_getinfo")
    BOXOFFICE_CURL_FIND(easy_strerror, "curl_easy_strerror")
    BOXOFFICE_CURL_FIND(slist_append, "curl_slist_append")
    BOXOFFICE_CURL_FIND(slist_free_all, "curl_slist_free_all")
    BOXOFFICE_CURL_FIND(multi_init, "curl_multi_init")
    BOXOFFICE_CURL_FIND(multi_setopt, "curl_multi_setopt")
    BOXOFFICE_CURL_FIND(multi_add_handle, "curl_multi_add_handle")
    BOXOFFICE_CURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    BOXOFFICE_CURL_FIND(multi_perform, "curl_multi_perform")
    BOXOFFICE_CURL_FIND(multi_info_read, "curl_multi_info_read")
    BOXOFFICE_CURL_FIND(multi_poll, "curl_multi_poll")
    BOXOFFICE_CURL_FIND(multi_wakeup, "curl_multi_wakeup")
    BOXOFFICE_CURL_FIND(multi_cleanup, "curl_multi_cleanup")
#undef BOXOFFICE_CURL_FIND
    return api->global_init(CURL_GLOBAL_ALL) == CURLE_OK;
}

typedef size_t (*boxoffice_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode boxoffice_curl_easy_setopt_long(const boxoffice_curl_api *api, CURL *easy, CURLoption option, long value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_pointer(const boxoffice_curl_api *api, CURL *easy, CURLoption option, const void *value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_callback(const boxoffice_curl_api *api, CURL *easy, CURLoption option, boxoffice_curl_data_callback callback) {
    return api->easy_setopt(easy, option, callback);
}

typedef int (*boxoffice_curl_prereq_callback)(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);

/// CURLOPT_PREREQFUNCTION (libcurl 7.80): called each time libcurl is about to send the request,
/// the sends it makes on its own included (again on a new connection when a reused one died).
/// CURLE_UNKNOWN_OPTION from an older libcurl, or headers older than the option.
static inline CURLcode boxoffice_curl_easy_setopt_prereq(const boxoffice_curl_api *api, CURL *easy, boxoffice_curl_prereq_callback callback) {
#if LIBCURL_VERSION_NUM >= 0x075000
    return api->easy_setopt(easy, CURLOPT_PREREQFUNCTION, callback);
#else
    return CURLE_UNKNOWN_OPTION;
#endif
}

static inline CURLcode boxoffice_curl_easy_setopt_prereq_data(const boxoffice_curl_api *api, CURL *easy, void *context) {
#if LIBCURL_VERSION_NUM >= 0x075000
    return api->easy_setopt(easy, CURLOPT_PREREQDATA, context);
#else
    return CURLE_UNKNOWN_OPTION;
#endif
}

static inline CURLcode boxoffice_curl_easy_getinfo_long(const boxoffice_curl_api *api, CURL *easy, CURLINFO info, long *value) {
    return api->easy_getinfo(easy, info, value);
}

static inline CURLMcode boxoffice_curl_multi_setopt_long(const boxoffice_curl_api *api, CURLM *multi, CURLMoption option, long value) {
    return api->multi_setopt(multi, option, value);
}

#endif
