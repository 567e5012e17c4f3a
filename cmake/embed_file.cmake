# embed_file(FILE NAME TEXT VIEWS): appends to TEXT a `static const char k_<NAME>[]` holding
# FILE's bytes, and to VIEWS the std::string_view of it, or an empty view when FILE does
# not exist (embed_nets.cmake and embed_proofs.cmake share it).
function(embed_file file name text_var views_var)
  if(EXISTS "${file}")
    file(READ "${file}" hex HEX)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
    set(${text_var} "${${text_var}}static const char k_${name}[] = {${bytes}};\n" PARENT_SCOPE)
    set(${views_var} "${${views_var}}    std::string_view(k_${name}, sizeof k_${name}),\n" PARENT_SCOPE)
  else()
    set(${views_var} "${${views_var}}    std::string_view(),\n" PARENT_SCOPE)
  endif()
endfunction()
